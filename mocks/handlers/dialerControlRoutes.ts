/**
 * The control API for the dialer plan over HTTP, `/__mock/dialer`: the in-process
 * `control.dialer` (features, minutes, caps, a line's inbound number and ring set). Documented in
 * mocks/README.md.
 */
import * as z from 'zod/mini'
import type { MockCore } from '../service/index'
import { accountRefFields, accountRefQuery, controlBody, controlRoutesOf, finiteNonNegative } from './controlRoute'
import type { MockRoute } from './mockRouter'

const dialerSchema = z.strictObject({
  ...accountRefFields,
  paywalled: z.optional(z.boolean()),
  provisioned: z.optional(z.boolean()),
  configured: z.optional(z.boolean()),
  planReadable: z.optional(z.boolean()),
  dialerAddon: z.optional(z.boolean()),
  audioCall: z.optional(z.boolean()),
  includedMinutes: z.optional(finiteNonNegative),
  capMinutes: z.optional(z.nullable(finiteNonNegative)),
  usedMinutes: z.optional(finiteNonNegative),
  lineId: z.optional(z.string()),
  lineUsedMinutes: z.optional(finiteNonNegative),
  lineCapMinutes: z.optional(z.nullable(finiteNonNegative)),
  inboundNumber: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  ringSet: z.optional(z.array(z.string().check(z.maxLength(320))).check(z.maxLength(100))),
})

/** Routes of the dialer-plan control API. */
export function dialerControlRoutes(core: MockCore): MockRoute[] {
  const dialer = core.control.dialer
  const op = controlRoutesOf(core)
  return [
    op('GET', '/dialer', (r) => dialer.get(accountRefQuery(r))),
    op('POST', '/dialer', async (r) => dialer.set(await controlBody(r, dialerSchema))),
  ]
}
