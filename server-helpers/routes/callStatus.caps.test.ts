/** What call-status reads keep is bounded in calls and bytes, whatever the calls read. */
import { describe, expect, it, vi } from 'vitest'
import type { LinekitContext } from '../routeContext'
import type { UpstreamAnswer } from '../internal/upstream'
import { CALL_STATUS_KEPT, createCallStatusReads } from './callStatus'

function reads(text: (url: string) => string) {
  const upstream = vi.fn(async (call: { url: string }): Promise<UpstreamAnswer> => ({
    status: 200,
    statusText: 'OK',
    headers: new Headers(),
    text: text(call.url),
  }))
  const ctx = {
    now: () => 0,
    bus: { subscribe: () => () => undefined },
    upstream,
    relay: (answer: UpstreamAnswer) => new Response(answer.text, { status: answer.status }),
  } as unknown as LinekitContext
  return { calls: createCallStatusReads(ctx, undefined, 5000), upstream }
}

const read = (calls: ReturnType<typeof reads>['calls'], uuid: string) =>
  calls.read(
    uuid,
    `https://base.example/get-audiocall-call-status-api?call_uuid=${uuid}`,
    new AbortController().signal,
    'alice',
  )

describe('call-status answers kept', () => {
  it('at most CALL_STATUS_KEPT.calls calls: the oldest are forgotten, the newest still answer without the service', async () => {
    const { calls, upstream } = reads((url) => JSON.stringify({ call_status: 'ringing', url }))
    for (let i = 0; i < CALL_STATUS_KEPT.calls + 100; i++) await read(calls, `call-${i}`)
    expect(calls.size).toBeLessThanOrEqual(CALL_STATUS_KEPT.calls)
    expect(upstream).toHaveBeenCalledTimes(CALL_STATUS_KEPT.calls + 100)
    await read(calls, `call-${CALL_STATUS_KEPT.calls + 99}`)
    expect(upstream).toHaveBeenCalledTimes(CALL_STATUS_KEPT.calls + 100)
  })

  it('at most CALL_STATUS_KEPT.bytes of answers', async () => {
    const big = 'x'.repeat(100 * 1024)
    const { calls, upstream } = reads(() => JSON.stringify({ call_status: 'ringing', big }))
    for (let i = 0; i < 30; i++) await read(calls, `call-${i}`)
    expect(calls.size).toBeLessThanOrEqual(Math.floor(CALL_STATUS_KEPT.bytes / big.length))
    await read(calls, 'call-29')
    expect(upstream).toHaveBeenCalledTimes(30)
  })
})
