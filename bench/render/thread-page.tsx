/**
 * The render benchmark's page (bench/render-thread.mjs): one <Conversation> inside <LinekitProvider>,
 * its thread already holding 10,000 messages (seeded into the query cache, the shape useThread
 * builds from the service's pages), the other requests (lines, availability) answered in memory.
 * `window.linekitBench.prepare(count)` builds the client and the cache (not measured), then
 * `window.linekitBench.mount(mode)` mounts it virtualized (the default) or with every row mounted
 * (`overscan` past the end: the same page without virtualization, the baseline).
 */
import type { InfiniteData } from '@tanstack/react-query'
import { Conversation, linekitKeys } from '../../src/index'
import type { MessageRecord } from '../../src/api/schemas'
import { firstThreadPageParam, type ThreadPage } from '../../src/hooks/internal/threadPaging'
import '../../src/styles.css'
import { BASE, installBench, OWN, textMessage } from './bench-page'

const PHONE = '+14155550100'

/** Deterministic history: mixed directions and channels, varied lengths (rows of different heights). */
function messages(count: number): MessageRecord[] {
  const out: MessageRecord[] = []
  // The thread's pages hold records newest first.
  for (let i = count - 1; i >= 0; i--) {
    const inbound = i % 3 !== 0
    const at = new Date(BASE + i * 97_000).toISOString()
    out.push(
      textMessage(i, {
        content: `Message ${i} ` + 'lorem ipsum dolor '.repeat(i % 9),
        from: inbound ? PHONE : OWN,
        to: inbound ? OWN : PHONE,
        inbound,
        at,
      }),
    )
  }
  return out
}

installBench({
  answers: {
    '/api-check-native-availability': { available: true, phone: PHONE, service: 'nativechat' },
    '/get-messages-api': { status: 'OK', data: [], pagination: { limit: 50, offset: 0, total: 0 } },
  },
  // The thread as useThread holds it once loaded.
  seed(queryClient, count) {
    const done = { offset: 0, done: true }
    queryClient.setQueryData<InfiniteData<ThreadPage>>(linekitKeys.messages.thread(PHONE, undefined), {
      pages: [{ messages: messages(count), next: { inbound: done, outbound: done } }],
      pageParams: [firstThreadPageParam],
    })
  },
  render: (mode, count) => (
    <Conversation
      phoneNumber={PHONE}
      dateOptions={{ locale: 'en-US', timeZone: 'UTC' }}
      now={new Date(BASE + count * 97_000)}
      style={{ height: '100%' }}
      {...(mode === 'all' ? { listProps: { overscan: count * 2 } } : {})}
    />
  ),
})
