import { Inbox, LinekitProvider, createFakeAudioEngine } from 'linekit'
import 'linekit/styles.css'
import { client } from './backend'
import { CustomCallBanner } from './custom/CallBanner'
import { CustomCallLog } from './custom/CallLog'
import { CustomDialer } from './custom/Dialer'
import { CustomGroupComposer } from './custom/GroupComposer'
import { CustomInbox } from './custom/Thread'

const audioEngine = createFakeAudioEngine() // the mock's calls carry no audio

/** The prefab and every hook's custom markup (docs/hooks.md), on React 18.3. */
export function App() {
  return (
    <LinekitProvider client={client} audioEngine={audioEngine}>
      <main>
        <h1>linekit on React 18</h1>
        <Inbox />
        <h2>Your own markup</h2>
        <CustomCallBanner />
        <CustomInbox />
        <CustomDialer />
        <CustomGroupComposer />
        <CustomCallLog />
      </main>
    </LinekitProvider>
  )
}
