/**
 * What the render benchmarks' pages share: `installBench` defines `window.linekitBench`, which the
 * benchmarks (bench/render-runner.mjs) drive: `prepare(count)` builds the client, answering in memory,
 * and the query cache seeded by the page (not measured); `mount(mode)` mounts the page's element
 * inside <LinekitProvider> virtualized (`virtual`) or with every row mounted (`all`, the baseline).
 */
import type { ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { QueryClient } from '@tanstack/react-query'
import { LinekitProvider } from '../../src/index'
import { createLinekitClient } from '../../src/api/client'
import type { MessageRecord } from '../../src/api/schemas'

/** The pages' one line, its number, and the time their data is laid out from. */
export const OWN = '+14155550999'
export const LINE = '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d'
export const BASE = Date.parse('2026-03-01T00:00:00Z')

/** Message `i` of a page's data on LINE: delivered text, every fifth by SMS. */
export function textMessage(
  i: number,
  m: { content: string; from: string; to: string; inbound: boolean; at: string },
): MessageRecord {
  return {
    message_handle: `pbm_${i}`,
    content: m.content,
    from_number: m.from,
    to_number: m.to,
    line_id: LINE,
    service: i % 5 === 0 ? 'SMS' : 'nativechat',
    direction: m.inbound ? 'inbound' : 'outbound',
    status: 'delivered',
    created_at: m.at,
    sent_at: m.at,
    media_attachment_url: null,
    voice_attachment_url: null,
  }
}

type Mode = 'virtual' | 'all'

declare global {
  interface Window {
    linekitBench: {
      prepare(count: number): void
      mount(mode: Mode): number
      unmount(): void
    }
  }
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })

/** A fetch answering each request whose path ends in a key of `answers` with its body; 404 otherwise. */
function memoryFetch(answers: Record<string, unknown>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    )
    for (const [path, body] of Object.entries(answers)) if (url.pathname.endsWith(path)) return json(body)
    return new Response(JSON.stringify({ error: 'not in the bench page' }), { status: 404 })
  }
}

export function installBench(page: {
  /** Bodies of the requests the mounted element makes besides the seeded queries and the lines, by path ending. */
  answers: Record<string, unknown>
  /** Puts the app's state for `count` items into the cache before the element mounts. */
  seed(queryClient: QueryClient, count: number): void
  /** The element under test, with every row mounted when `mode` is `all`. */
  render(mode: Mode, count: number): ReactNode
}): void {
  let root: Root | undefined
  let prepared: { client: ReturnType<typeof createLinekitClient>; queryClient: QueryClient; count: number } | undefined
  window.linekitBench = {
    prepare(count) {
      const client = createLinekitClient({
        baseUrl: '/api/linekit',
        fetch: memoryFetch({ '/get-lines': [{ lineId: LINE, phoneNumber: OWN, name: 'Main' }], ...page.answers }),
      })
      const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
      page.seed(queryClient, count)
      prepared = { client, queryClient, count }
    },
    /** Mounts synchronously (flushSync) and returns the milliseconds it took; effects after paint are measured by the caller. */
    mount(mode) {
      if (!prepared) throw new Error('prepare(count) first')
      const { client, queryClient, count } = prepared
      const container = document.getElementById('root')!
      // The page's stylesheet may lay the box out per mode.
      container.dataset.mode = mode
      root = createRoot(container)
      const t0 = performance.now()
      performance.mark('mount-start')
      flushSync(() =>
        root!.render(
          <LinekitProvider client={client} queryClient={queryClient}>
            {page.render(mode, count)}
          </LinekitProvider>,
        ),
      )
      performance.measure('mount', 'mount-start')
      return performance.now() - t0
    },
    unmount() {
      root?.unmount()
      root = undefined
    },
  }
}
