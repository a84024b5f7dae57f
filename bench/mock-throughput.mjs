// Mock benchmark: requests per second of the mock service's in-process `fetch` on the
// messaging routes (what stories and tests call), one route at a time, awaited one after another
// (how a test or story uses it) and 16 in flight. Rate limit off (`PATCH /__mock/settings
// {rateLimitPerMinute: 0}`), manual clock (no timers pile up). Baseline: MSW's `getResponse` with
// one trivial handler, a reference point (the mock dispatches its own routes without getResponse).
//
//   node bench/mock-throughput.mjs [--requests 3000] [--json]
import { register } from 'tsx/esm/api'
import { median, runAlone } from './bench-support.mjs'

const targets = { rps: 5000 }

async function run({ requests = 3000, log = console.log } = {}) {
  const unregister = register()
  try {
    const { createMockService, createMockClock, seedKeys, seedLines } = await import('../mocks/index.ts')
    const { http, HttpResponse, getResponse } = await import('msw')
    const mock = createMockService({ clock: createMockClock({ now: '2026-03-02T12:00:00Z' }) })
    const settings = await mock.fetch('/__mock/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rateLimitPerMinute: 0 }),
    })
    if (!settings.ok) throw new Error(`mock settings → ${settings.status}`)
    const auth = { authorization: `Bearer ${seedKeys.production}`, 'content-type': 'application/json' }
    const ava = '+14155550124'
    let n = 0
    // A handle to read back: the newest seeded message.
    const listed = await (await mock.fetch('/get-messages-api?limit=1', { headers: auth })).json()
    const handle = listed.data?.[0]?.message_handle
    if (!handle) throw new Error(`list answered ${JSON.stringify(listed)}`)

    // Reads first, on the seeded store (what a test or story has); the sends then grow the store
    // by thousands of messages and the listing is measured again on it.
    const routes = {
      'GET /get-messages-api (50)': () => mock.fetch('/get-messages-api?limit=50', { headers: auth }),
      'GET /get-message-api/:handle': () => mock.fetch(`/get-message-api/${handle}`, { headers: auth }),
      'POST /send-typing-indicator': () =>
        mock.fetch('/send-typing-indicator', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ phoneNumber: ava, lineId: seedLines.main.lineId }),
        }),
      'POST /api-check-native-availability': () =>
        mock.fetch('/api-check-native-availability', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ phone: ava }),
        }),
      'GET /get-lines': () => mock.fetch('/get-lines', { headers: auth }),
      // Distinct text each time: the service de-duplicates identical sends within an hour.
      'POST /send-api-message': () =>
        mock.fetch('/send-api-message', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ phone: ava, message: `bench ${n++}` }),
        }),
      [`GET /get-messages-api (50), after the sends`]: () =>
        mock.fetch('/get-messages-api?limit=50', { headers: auth }),
    }
    const floorHandlers = [http.get('*/ping', () => HttpResponse.json({ ok: true }))]
    const baseline = () => getResponse(floorHandlers, new Request('http://mock.linekit.local/ping'))

    async function rate(fn, concurrency) {
      const check = async () => {
        const res = await fn()
        if (!res || res.status >= 300) throw new Error(`status ${res?.status}: ${res && (await res.text())}`)
        await res.arrayBuffer()
      }
      for (let i = 0; i < 200; i++) await check()
      const t0 = performance.now()
      if (concurrency === 1) for (let i = 0; i < requests; i++) await check()
      else {
        let left = requests
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (left-- > 0) await check()
          }),
        )
      }
      return requests / ((performance.now() - t0) / 1000)
    }

    const floor = { sequential: await rate(baseline, 1), concurrent: await rate(baseline, 16) }
    log(`  baseline (MSW getResponse, trivial handler): ${floor.sequential.toFixed(0)} req/s`)
    const results = {}
    for (const [name, fn] of Object.entries(routes)) {
      results[name] = { sequential: await rate(fn, 1), concurrent: await rate(fn, 16) }
      log(`  ${name}: ${results[name].sequential.toFixed(0)} req/s`)
    }
    const seq = Object.values(results).map((r) => r.sequential)
    const stored = (await (await mock.fetch('/get-messages-api?limit=1', { headers: auth })).json()).pagination?.total
    return {
      requests,
      stored,
      baseline: floor,
      routes: results,
      slowest: Math.min(...seq),
      median: median(seq),
    }
  } finally {
    await unregister()
  }
}

/** The figures' checks and table: each route's rate against MSW's `getResponse`. */
function report(r) {
  const routes = Object.entries(r.routes)
  const checks = routes.map(([name, v]) => ({
    name: `${name} (awaited one by one)`,
    value: v.sequential,
    unit: 'req/s',
    op: '≥',
    target: targets.rps,
  }))
  const rows = [
    [
      'reference: MSW `getResponse`, one trivial handler',
      r.baseline.sequential.toFixed(0),
      r.baseline.concurrent.toFixed(0),
      '1.00×',
      '',
    ],
    ...routes.map(([name, v]) => [
      `\`${name}\``,
      v.sequential.toFixed(0),
      v.concurrent.toFixed(0),
      `${(v.sequential / r.baseline.sequential).toFixed(2)}×`,
      `≥ ${targets.rps.toLocaleString('en-US')}`,
    ]),
  ]
  const header = ['route', 'req/s awaited', 'req/s 16 in flight', 'vs reference', 'target']
  const params = `${r.requests} requests per route; the sends grew the store to ${r.stored} messages`
  return { checks, tables: { routes: { header, rows } }, params }
}

export const bench = {
  name: 'mock',
  title: 'the mock, in-process',
  options: (quick) => ({ requests: quick ? 1000 : 3000 }),
  run,
  report,
}

await runAlone(import.meta.url, bench, { requests: 3000 })
