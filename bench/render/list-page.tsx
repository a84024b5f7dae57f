/**
 * The thread-list render benchmark's page (bench/render-list.mjs): one <ConversationList> inside
 * <LinekitProvider>, its line's messages already in the query cache — one recent message for
 * each of 1,000 threads (900 one-to-one, 100 group), a tenth of the numbers named by a contact —
 * the shape the list holds once the user has loaded that many threads. Nothing is fetched.
 * `window.linekitBench.prepare(count)` builds the client and the cache (not measured), then
 * `window.linekitBench.mount(mode)` mounts it virtualized (the default) or with every row mounted
 * (`all`: the list's viewport is left unconstrained, so the virtualizer sees every row as
 * visible and the page box scrolls instead — the same markup without virtualization, the
 * baseline).
 */
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { QueryClient } from '@tanstack/react-query'
import { ConversationList, LinekitProvider, linekitKeys } from '../../src/index'
import { createLinekitClient } from '../../src/api/client'
import type { Contact, MessageRecord, MessagesListResponse } from '../../src/api/schemas'
import '../../src/styles.css'

const OWN = '+14155550999'
const LINE = '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d'
const BASE = Date.parse('2026-03-01T00:00:00Z')
const PAGE_SIZE = 100
const number = (i: number) => `+1415${String(2_000_000 + i).padStart(7, '0')}`

/** Newest first: thread i's last message is i × 97 s older than the newest. */
function messages(count: number): MessageRecord[] {
  const out: MessageRecord[] = []
  for (let i = 0; i < count; i++) {
    const group = i % 10 === 9
    // A group thread shows once a participant has replied (its title lists the repliers).
    const inbound = group || i % 3 !== 0
    const at = new Date(BASE - i * 97_000).toISOString()
    const other = number(i)
    out.push({
      message_handle: `pbm_${i}`,
      content: `Thread ${i}: ` + 'lorem ipsum dolor '.repeat(1 + (i % 6)),
      from_number: inbound ? other : OWN,
      to_number: group ? `chat${100_000 + i}` : inbound ? OWN : other,
      line_id: LINE,
      service: i % 5 === 0 ? 'SMS' : 'nativechat',
      direction: inbound ? 'inbound' : 'outbound',
      status: 'delivered',
      created_at: at,
      sent_at: at,
      media_attachment_url: null,
      voice_attachment_url: null,
    })
  }
  return out
}

function contacts(count: number): Contact[] {
  const out: Contact[] = []
  for (let i = 0; i < count; i += 10) {
    out.push({
      id: `c${i}`,
      firstName: `Ada${i}`,
      lastName: 'Lovelace',
      phoneNumber: number(i),
      email: null,
      customFields: null,
      note: null,
      createdAt: new Date(BASE).toISOString(),
      updatedAt: new Date(BASE).toISOString(),
    })
  }
  return out.slice(0, 100)
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
/** Anything the mounted list asks for besides the seeded queries. */
async function memoryFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href)
  if (url.pathname.endsWith('/get-lines')) return json([{ lineId: LINE, phoneNumber: OWN, name: 'Main' }])
  if (url.pathname.endsWith('/get-messages-api'))
    return json({ status: 'OK', data: [], pagination: { limit: PAGE_SIZE, offset: 0, total: 0 } })
  return new Response(JSON.stringify({ error: 'not in the bench page' }), { status: 404 })
}

let root: Root | undefined
let prepared: { client: ReturnType<typeof createLinekitClient>; queryClient: QueryClient } | undefined

declare global {
  interface Window {
    linekitBench: {
      prepare(count: number): void
      mount(mode: 'virtual' | 'all'): number
      unmount(): void
    }
  }
}

window.linekitBench = {
  /** The app's state before the list mounts: client and a cache holding the threads (not measured). */
  prepare(count) {
    const client = createLinekitClient({ baseUrl: '/api/linekit', fetch: memoryFetch })
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
    const data = messages(count)
    // The query the list makes for the line's newest page (useConversationList's lineQuery).
    const head: MessagesListResponse = {
      status: 'OK',
      data,
      pagination: { limit: PAGE_SIZE, offset: 0, total: data.length },
    }
    queryClient.setQueryData(
      linekitKeys.messages.list({ pb_line_id: LINE, limit: PAGE_SIZE, order_by: 'createdAt', order_direction: 'desc' }),
      head,
    )
    const people = contacts(count)
    queryClient.setQueryData(linekitKeys.contacts.list({ limit: 100 }), {
      contacts: people,
      pagination: { limit: 100, offset: 0, total: people.length },
    })
    prepared = { client, queryClient }
  },
  /** Mounts synchronously (flushSync) and returns the milliseconds it took; effects after paint are measured by the caller. */
  mount(mode) {
    if (!prepared) throw new Error('prepare(count) first')
    const { client, queryClient } = prepared
    const container = document.getElementById('root')!
    container.dataset.mode = mode
    root = createRoot(container)
    const t0 = performance.now()
    flushSync(() =>
      root!.render(
        <LinekitProvider client={client} queryClient={queryClient}>
          <ConversationList
            lineIds={[LINE]}
            pageSize={PAGE_SIZE}
            dateOptions={{ locale: 'en-US', timeZone: 'UTC' }}
            now={new Date(BASE)}
          />
        </LinekitProvider>,
      ),
    )
    return performance.now() - t0
  },
  unmount() {
    root?.unmount()
    root = undefined
  },
}
