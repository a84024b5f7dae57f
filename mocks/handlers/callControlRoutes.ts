/**
 * The control API for audio calls over HTTP, under `/__mock/calls*`: the in-process
 * `control.calls`. Documented in mocks/README.md.
 */
import * as z from 'zod/mini'
import { inboundCallEndStatuses } from '../../src/api'
import type { MockCore } from '../service/index'
import {
  accountRefFields,
  accountRefQuery,
  controlBody,
  controlRoutesOf,
  finiteNonNegative,
  optionalControlBody,
} from './controlRoute'
import type { MockRoute } from './mockRouter'

const inboundCallSchema = z.strictObject({
  ...accountRefFields,
  lineId: z.optional(z.string()),
  from: z.string().check(z.minLength(1), z.maxLength(64)),
  ringingRtc: z.optional(z.boolean()),
  answerRtc: z.optional(z.boolean()),
})
const endSchema = z.strictObject({ status: z.optional(z.enum(inboundCallEndStatuses)) })
const callSettingsSchema = z.strictObject({
  outboundRtc: z.optional(z.boolean()),
  outboundAnswerMs: z.optional(finiteNonNegative),
  ringTimeoutMs: z.optional(finiteNonNegative),
  classifyMs: z.optional(finiteNonNegative),
})

/** Routes of the calls control API. */
export function callControlRoutes(core: MockCore): MockRoute[] {
  const calls = core.control.calls
  const op = controlRoutesOf(core)
  return [
    op('GET', '/calls/settings', () => calls.settings()),
    op('POST', '/calls/settings', async (r) => calls.updateSettings(await controlBody(r, callSettingsSchema))),
    op('POST', '/calls/inbound', async (r) => ({ call: calls.inbound(await controlBody(r, inboundCallSchema)) }), 201),
    op('GET', '/calls', (r) => ({ calls: calls.list(accountRefQuery(r)) })),
    op('POST', '/calls/:id/ring', (_r, p) => ({ call: calls.ring(p.id ?? '') })),
    op('POST', '/calls/:id/answer-elsewhere', (_r, p) => ({ call: calls.answerElsewhere(p.id ?? '') })),
    op('POST', '/calls/:id/caller-hangup', (_r, p) => ({ call: calls.callerHangup(p.id ?? '') })),
    op('POST', '/calls/:id/end', async (r, p) => ({
      call: calls.end(p.id ?? '', (await optionalControlBody(r, endSchema)).status),
    })),
  ]
}
