import { useEffect, useState } from 'react'
import { createLinekitClient } from 'linekit/api'
import { Inbox, LinekitProvider, createFakeAudioEngine, createSseEventSource } from 'linekit'
import { MockPanel } from '../stories/support/MockPanel'
import { createMockDriver, type MockLine } from '../stories/support/mockDriver'

// One client, one event stream and one (fake) audio engine for the page's lifetime.
// The fake engine: the mock's rtc credentials are well-formed but join no real channel.
const client = createLinekitClient({ baseUrl: '/api/linekit' })
const events = createSseEventSource({ url: '/api/linekit/events' })
const audioEngine = createFakeAudioEngine()
// The mock's control API, proxied by the dev server at /__mock/* (mock mode only).
const driver = createMockDriver((request) => fetch(request), window.location.origin)

/** The mock panel, shown only when the dev server runs the in-process mock. */
function PlaygroundMockPanel() {
  const [lines, setLines] = useState<MockLine[] | null>(null)
  useEffect(() => {
    driver
      .accounts()
      .then((accounts) => setLines(accounts.find((a) => a.kind === 'production')?.lines ?? []))
      .catch(() => setLines(null)) // real service: no /__mock
  }, [])
  if (!lines) return null
  return <MockPanel driver={driver} lines={lines} title="Mock service (playground)" />
}

export function App() {
  return (
    <LinekitProvider client={client} events={events} audioEngine={audioEngine}>
      <main>
        <h1 style={visuallyHidden}>linekit playground</h1>
        <Inbox theme="system" defaultThread={{ kind: 'direct', id: '+14155550124' }} footer={<PlaygroundMockPanel />} />
      </main>
    </LinekitProvider>
  )
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const
