'use client'
import { createLinekitClient } from 'linekit/api'
import { Inbox, LinekitProvider, agoraAudioEngine, createFakeAudioEngine, createSseEventSource } from 'linekit'
import 'linekit/styles.css'

const client = createLinekitClient({ baseUrl: '/api/linekit' }) // your app's own routes, never the service
const events = createSseEventSource({ url: '/api/linekit/events' }) // live messages and calls
// `next dev` against linekit-mock (its calls carry no audio): a fake engine; a production build: Agora
const audioEngine = process.env.NODE_ENV === 'development' ? createFakeAudioEngine() : agoraAudioEngine()

export function SupportInbox() {
  return (
    <LinekitProvider client={client} events={events} audioEngine={audioEngine}>
      <Inbox theme="system" parts={{ CallLogTable: null }} />
    </LinekitProvider>
  )
}
