import { useEffect, useState } from 'react'
import { createLinekitClient } from 'linekit/api'
import { Inbox, LinekitProvider, createFakeAudioEngine, createSseEventSource } from 'linekit'
import { MockPanel } from '../stories/support/MockPanel'
import { createMockDriver, type MockLine } from '../stories/support/mockDriver'
import { createMemoryUploader } from '../stories/support/memoryUploader'

// One client, one event stream and one (fake) audio engine for the page's lifetime.
// The fake engine: the mock's rtc credentials are well-formed but join no real channel.
const client = createLinekitClient({ baseUrl: '/api/linekit' })
const events = createSseEventSource({ url: '/api/linekit/events' })
const audioEngine = createFakeAudioEngine()
// The mock's control API, proxied by the dev server at /__mock/* (mock mode only).
const driver = createMockDriver((request) => fetch(request), window.location.origin)
// Attachments from the computer, in mock mode only: the in-memory uploader answers https URLs on a
// test host nothing serves, which the real service could not fetch.
const uploadAttachment = createMemoryUploader()

/** The production account's lines when the dev server runs the in-process mock; null against the real service. */
function useMockLines() {
  const [lines, setLines] = useState<MockLine[] | null>(null)
  useEffect(() => {
    driver
      .accounts()
      .then((accounts) => setLines(accounts.find((a) => a.kind === 'production')?.lines ?? []))
      .catch(() => setLines(null)) // real service: no /__mock
  }, [])
  return lines
}

export function App() {
  const mockLines = useMockLines()
  return (
    <LinekitProvider
      client={client}
      events={events}
      audioEngine={audioEngine}
      {...(mockLines ? { uploadAttachment } : {})}
    >
      <main>
        <h1 style={visuallyHidden}>linekit playground</h1>
        <Inbox
          theme="system"
          defaultThread={{ kind: 'direct', id: '+14155550124' }}
          footer={mockLines ? <MockPanel driver={driver} lines={mockLines} title="Mock service (playground)" /> : null}
        />
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
