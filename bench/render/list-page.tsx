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
import { ConversationList, linekitKeys } from '../../src/index'
import type { Contact, MessageRecord, MessagesListResponse } from '../../src/api/schemas'
import '../../src/styles.css'
import { BASE, installBench, LINE, OWN, textMessage } from './bench-page'

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
    out.push(
      textMessage(i, {
        content: `Thread ${i}: ` + 'lorem ipsum dolor '.repeat(1 + (i % 6)),
        from: inbound ? other : OWN,
        to: group ? `chat${100_000 + i}` : inbound ? OWN : other,
        inbound,
        at,
      }),
    )
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

installBench({
  answers: {
    '/get-messages-api': { status: 'OK', data: [], pagination: { limit: PAGE_SIZE, offset: 0, total: 0 } },
  },
  seed(queryClient, count) {
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
  },
  // `all` is laid out by the benchmark's stylesheet (#root[data-mode=all]): the same element.
  render: () => (
    <ConversationList
      lineIds={[LINE]}
      pageSize={PAGE_SIZE}
      dateOptions={{ locale: 'en-US', timeZone: 'UTC' }}
      now={new Date(BASE)}
    />
  ),
})
