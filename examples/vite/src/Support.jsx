import { createLinekitClient } from 'linekit/api'
import {
  Conversation,
  InboundCallBanner,
  LinekitProvider,
  agoraAudioEngine,
  createFakeAudioEngine,
  createSseEventSource,
} from 'linekit'
import 'linekit/styles.css'

const client = createLinekitClient({ baseUrl: '/api/linekit' }) // your app's own routes, never the service
const events = createSseEventSource({ url: '/api/linekit/events' }) // live messages and calls
// `vite` against linekit-mock (its calls carry no audio): a fake engine; `vite build`: Agora, loaded on the first call
const audioEngine = import.meta.env.DEV ? createFakeAudioEngine() : agoraAudioEngine()

export function Support() {
  return (
    <LinekitProvider client={client} events={events} audioEngine={audioEngine}>
      <InboundCallBanner />
      <Conversation phoneNumber="+14155550124" />
    </LinekitProvider>
  )
}
