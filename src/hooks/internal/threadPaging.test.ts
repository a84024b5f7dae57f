import { describe, expect, it } from 'vitest'
import type { MessageRecord, MessagesQuery } from '../../api'
import {
  fetchThreadPage,
  firstThreadPageParam,
  flattenThread,
  hasMorePages,
  listsToFetch,
  nextCursor,
} from './threadPaging'
import type { ThreadPage, ThreadPageParam } from './threadPaging'

const mk = (i: number, direction: 'inbound' | 'outbound', at: string): MessageRecord => ({
  message_handle: `pbm_${direction}_${i}`,
  content: `${direction} ${i}`,
  from_number: direction === 'inbound' ? '+14155550124' : '+14155550100',
  to_number: direction === 'inbound' ? '+14155550100' : '+14155550124',
  line_id: 'l',
  service: 'nativechat',
  direction,
  status: 'delivered',
  created_at: at,
  sent_at: at,
  media_attachment_url: null,
  voice_attachment_url: null,
})

/** A fake getMessages over an in-memory list that honours the filters the thread uses. */
function fakeService(all: MessageRecord[]) {
  const calls: MessagesQuery[] = []
  return {
    calls,
    async getMessages(q: MessagesQuery = {}) {
      calls.push(q)
      if ((q.offset ?? 0) + (q.limit ?? 100) > 2000) throw new Error('window exceeded')
      const rows = all
        .filter((m) => m.direction === q.direction)
        .filter((m) => q.created_at_lte === undefined || Date.parse(m.created_at) <= Date.parse(q.created_at_lte))
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
      const offset = q.offset ?? 0
      const limit = q.limit ?? 100
      return {
        status: 'OK' as const,
        data: rows.slice(offset, offset + limit),
        pagination: { limit, offset, total: rows.length },
      }
    },
  }
}

async function loadAll(service: ReturnType<typeof fakeService>, pageSize: number) {
  const pages: ThreadPage[] = []
  let param: ThreadPageParam | undefined = firstThreadPageParam
  while (param) {
    const page = await fetchThreadPage(service, { phone: '+14155550124', pageSize, param })
    pages.push(page)
    param = hasMorePages(page.next) ? page.next : undefined
    if (pages.length > 500) throw new Error('no progress')
  }
  return pages
}

describe('thread paging by time cursor', () => {
  it('reads 5,000 messages without offset + limit ever passing 2000, merged in order with no gaps or duplicates', async () => {
    const all: MessageRecord[] = []
    const t0 = Date.parse('2026-01-01T00:00:00Z')
    for (let i = 0; i < 5000; i++)
      all.push(mk(i, i % 3 === 0 ? 'inbound' : 'outbound', new Date(t0 + i * 1000).toISOString()))
    const service = fakeService(all)
    const pages = await loadAll(service, 100)
    const thread = flattenThread(pages)
    expect(thread).toHaveLength(5000)
    expect(thread.map((m) => m.message_handle)).toEqual(all.map((m) => m.message_handle))
    expect(Math.max(...service.calls.map((q) => (q.offset ?? 0) + (q.limit ?? 100)))).toBeLessThanOrEqual(200)
    expect(service.calls.filter((q) => q.created_at_lte !== undefined).length).toBeGreaterThan(40)
  })

  it('makes progress when more records than a page share one instant', async () => {
    const at = '2026-01-01T00:00:00.000Z'
    const all = Array.from({ length: 25 }, (_, i) => mk(i, 'outbound', at))
    all.push(mk(99, 'inbound', '2025-12-31T23:00:00.000Z'))
    const pages = await loadAll(fakeService(all), 10)
    expect(flattenThread(pages)).toHaveLength(26)
  })

  it('holds back records older than the list that has not been read that far', () => {
    const page: ThreadPage = {
      messages: [
        mk(1, 'inbound', '2026-01-01T10:00:00Z'),
        mk(2, 'outbound', '2026-01-01T12:00:00Z'),
        mk(3, 'inbound', '2026-01-01T09:00:00Z'),
      ],
      next: {
        inbound: { lte: '2026-01-01T09:00:00Z', offset: 1, done: false },
        outbound: { lte: '2026-01-01T12:00:00Z', offset: 1, done: false },
      },
    }
    // Outbound messages between 09:00 and 12:00 are unknown yet: only the 12:00 one is shown.
    expect(flattenThread([page]).map((m) => m.message_handle)).toEqual(['pbm_outbound_2'])
    expect(listsToFetch(page.next)).toEqual(['outbound'])
  })

  it('ends a list when a page is short', () => {
    expect(nextCursor({ offset: 0, done: false }, [mk(1, 'inbound', '2026-01-01T00:00:00Z')], 10).done).toBe(true)
  })
})
