'use client' // linekit's components use state and effects: import them from a Client Component
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
// `next dev` against linekit-mock (its calls carry no audio): a fake engine; a production build: Agora, loaded on the
// first call only
const audioEngine = process.env.NODE_ENV === 'development' ? createFakeAudioEngine() : agoraAudioEngine()

export function Support() {
  return (
    <LinekitProvider client={client} events={events} audioEngine={audioEngine}>
      <InboundCallBanner />
      <Conversation phoneNumber="+14155550124" />
    </LinekitProvider>
  )
}
