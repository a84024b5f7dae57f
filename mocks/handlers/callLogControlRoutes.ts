/**
 * The control API for dialer call logs over HTTP, under `/__mock/call-logs*`: the in-process
 * `control.callLogs` (attempts as the dialer SDK places them, and their outcomes). Documented in
 * mocks/README.md.
 */
import * as z from 'zod/mini'
import { dispositions } from '../../src/api'
import { callOutcomes } from '../service/dialerCallLogs'
import type { MockCore } from '../service/index'
import { accountRefFields, accountRefQuery, controlBody, controlRoutesOf } from './controlRoute'
import type { MockRoute } from './mockRouter'

const recordSchema = z.strictObject({
  ...accountRefFields,
  token: z.optional(z.string()),
  lineId: z.optional(z.string()),
  to: z.string().check(z.minLength(1), z.maxLength(64)),
})
const completeSchema = z.strictObject({
  outcome: z.enum(callOutcomes),
  durationSeconds: z.optional(z.number().check(z.minimum(0), z.maximum(86_400))),
  transcript: z.optional(z.nullable(z.string().check(z.maxLength(100_000)))),
  recorded: z.optional(z.boolean()),
  disposition: z.optional(z.enum(dispositions)),
})

/** Routes of the call-logs control API. */
export function callLogControlRoutes(core: MockCore): MockRoute[] {
  const callLogs = core.control.callLogs
  const op = controlRoutesOf(core)
  return [
    op('POST', '/call-logs', async (r) => ({ callLog: callLogs.record(await controlBody(r, recordSchema)) }), 201),
    op('GET', '/call-logs', (r) => ({ callLogs: callLogs.list(accountRefQuery(r)) })),
    op('POST', '/call-logs/:id/complete', async (r, p) => ({
      callLog: callLogs.complete(p.id ?? '', await controlBody(r, completeSchema)),
    })),
  ]
}
