/**
 * The team-load benchmark's page (bench/team/team-load.mjs): the inbox of the playground (lines, threads
 * polled every 15 s, the conversation with the customer, calls) against the app's linekit/server
 * routes, as a support agent has it open. It records when each text first appears on screen
 * (`window.linekitTeam.seen`, epoch ms) for the driver to compare with the webhook's arrival.
 */
import { createRoot } from 'react-dom/client'
import { Inbox, LinekitProvider, createFakeAudioEngine, createSseEventSource } from '../../src/index'
import { createLinekitClient } from '../../src/api/client'
import '../../src/styles.css'

declare global {
  interface Window {
    linekitTeam: { seen: Record<string, number> }
  }
}

const CUSTOMER = new URLSearchParams(location.search).get('customer') ?? '+14155550124'
const seen: Record<string, number> = {}
window.linekitTeam = { seen }
const PATTERN = /\b(?:cust|send)-[\w-]+/g
new MutationObserver((records) => {
  const at = Date.now()
  for (const record of records) {
    const nodes = record.type === 'characterData' ? [record.target] : [...record.addedNodes]
    for (const node of nodes) {
      for (const match of (node.textContent ?? '').matchAll(PATTERN)) seen[match[0]] ??= at
    }
  }
}).observe(document.body, { childList: true, subtree: true, characterData: true })

const client = createLinekitClient({ baseUrl: '/api/linekit' })
const events = createSseEventSource({ url: '/api/linekit/events' })
createRoot(document.getElementById('root')!).render(
  <LinekitProvider client={client} events={events} audioEngine={createFakeAudioEngine()}>
    <Inbox title="Inbox" defaultThread={{ kind: 'direct', id: CUSTOMER }} />
  </LinekitProvider>,
)
