'use client' // linekit's components use state and effects: import them from a Client Component
import { createLinekitClient } from 'linekit/api'
import { Conversation, InboundCallBanner, LinekitProvider, agoraAudioEngine, createSseEventSource } from 'linekit'
import 'linekit/styles.css'

const client = createLinekitClient({ baseUrl: '/api/linekit' }) // your app's own routes, never the service
const events = createSseEventSource({ url: '/api/linekit/events' }) // live messages and calls
const audioEngine = agoraAudioEngine() // the Agora SDK loads on the first call only

export function Support() {
  return (
    <LinekitProvider client={client} events={events} audioEngine={audioEngine}>
      <InboundCallBanner />
      <Conversation phoneNumber="+14155550124" />
    </LinekitProvider>
  )
}
