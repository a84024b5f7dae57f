/**
 * The read model's reader and an instance clock that is wrong: the reconciler's cursor and covered
 * window follow the service's time, and "news" is judged on it, so a clock step on one instance
 * never blinds the reader. In process, over the mock service (whose clock is the true one), with
 * the server's `now` option stepped.
 */
import { describe, it } from 'vitest'
import { seedLines } from 'linekit/mocks'
import { createServiceChain } from '../stories/support/serviceChain'
import type { LinekitEvent } from './eventBus'

const MAIN = seedLines.main.lineId
const CUSTOMER = '+14155550124'
const STEP_MS = 15 * 60_000

async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** The server over the mock, its clock `Date.now() + offset`; the reconciler reads every 20 ms. */
function setup() {
  const clock = { offset: 0 }
  const lists: string[] = []
  const { mock, server } = createServiceChain({
    account: 'production',
    prefix: '/api/linekit',
    server: {
      now: () => Date.now() + clock.offset,
      fetch: (request) => {
        if (new URL(request.url).pathname === '/get-messages-api') lists.push(request.url)
        return mock.fetch(request)
      },
      logger: { warn: () => undefined, error: () => undefined },
      readModel: { reconciler: { tickMs: 5, messagesEveryMs: 20, callLogsEveryMs: 0 } },
    },
  })
  mock.control.updateSettings({ rateLimitPerMinute: 0 })
  const events: LinekitEvent[] = []
  server.bus.subscribe((event) => events.push(event))
  const announced = (content: string) =>
    events.some((e) => e.type === 'message.record' && (e.data as { content?: string }).content === content)
  return { mock, server, clock, lists, announced }
}

describe('the reader under a wrong instance clock', () => {
  it('after the clock stepped 15 min ahead for a few reads and back, a message with no webhook is still found and announced', async () => {
    const { mock, server, clock, lists, announced } = setup()
    await eventually(() => lists.length > 0)
    clock.offset = STEP_MS
    const before = lists.length
    // Two reads under the stepped clock: the second starts where the first said it covered.
    await eventually(() => lists.length >= before + 2)
    clock.offset = 0
    mock.control.injectInbound({ from: CUSTOMER, message: 'after the step', lineId: MAIN })
    await eventually(() => announced('after the step'))
    await server.close()
  })

  it('while the clock runs 15 min ahead, a message with no webhook is found and announced as news', async () => {
    const { mock, server, clock, lists, announced } = setup()
    clock.offset = STEP_MS
    await eventually(() => lists.length > 0)
    mock.control.injectInbound({ from: CUSTOMER, message: 'while ahead', lineId: MAIN })
    await eventually(() => announced('while ahead'))
    await server.close()
  })
})
