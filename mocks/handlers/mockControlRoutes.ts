/**
 * The control API over HTTP, under `/__mock/*` (no auth, no faults, no rate limit): the same
 * operations as the in-process `control` object. Documented in mocks/README.md.
 */
import * as z from 'zod/mini'
import { endpoints, services } from '../../src/api'
import type { MockCore } from '../service/index'
import { accountKinds } from '../service/stateRecords'
import { accountRefFields, controlBody, controlRoutesOf, finiteNonNegative } from './controlRoute'
import type { MockRoute } from './mockRouter'

const createAccountSchema = z.strictObject({ kind: z.enum(accountKinds), name: z.optional(z.string()) })
const advanceSchema = z.strictObject({ ms: finiteNonNegative })
const setClockSchema = z.strictObject({ now: z.string() })
const numberSchema = z.strictObject({
  ...accountRefFields,
  phone: z.string(),
  reachable: z.optional(z.boolean()),
  optedOut: z.optional(z.boolean()),
  blocked: z.optional(z.boolean()),
})
const inboundSchema = z.strictObject({
  ...accountRefFields,
  from: z.string(),
  message: z.optional(z.string()),
  lineId: z.optional(z.string()),
  service: z.optional(z.enum(services)),
  groupId: z.optional(z.string()),
  mediaAttachmentUrl: z.optional(z.nullable(z.string())),
  voiceAttachmentUrl: z.optional(z.nullable(z.string())),
})
const settingsSchema = z.strictObject({
  latencyMs: z.optional(finiteNonNegative),
  sendProcessingMs: z.optional(finiteNonNegative),
  deliveryMs: z.optional(finiteNonNegative),
  groupCreatingMs: z.optional(finiteNonNegative),
  rateLimitPerMinute: z.optional(finiteNonNegative),
})
const faultFields = {
  mode: z.optional(z.enum(['http', 'device'])),
  status: z.optional(z.int().check(z.minimum(100), z.maximum(599))),
  count: z.optional(z.int().check(z.minimum(1))),
  body: z.optional(z.unknown()),
  text: z.optional(z.string()),
}
// On an endpoint of the registry (its method and path), or on a path and method.
const faultSchema = z.union([
  z.strictObject({ endpoint: z.enum(endpoints.map((e) => e.id)), ...faultFields }),
  z.strictObject({ path: z.string().check(z.minLength(1)), method: z.optional(z.string()), ...faultFields }),
])

/** Routes of the control API: reset, accounts, clock, numbers, inbound messages, settings, faults, events. */
export function mockControlRoutes(core: MockCore): MockRoute[] {
  const { control, state } = core
  const op = controlRoutesOf(core)

  return [
    op('POST', '/reset', () => {
      control.reset()
      return { ok: true, now: state.clock.iso() }
    }),
    op('GET', '/accounts', () => ({ accounts: control.accounts() })),
    op('POST', '/accounts', async (r) => control.createAccount(await controlBody(r, createAccountSchema)), 201),
    op('GET', '/clock', () => control.clock()),
    op('POST', '/clock/advance', async (r) => control.advanceClock((await controlBody(r, advanceSchema)).ms)),
    op('POST', '/clock', async (r) => control.setClock((await controlBody(r, setClockSchema)).now)),
    op('POST', '/numbers', async (r) => control.setNumber(await controlBody(r, numberSchema))),
    op('POST', '/inbound', async (r) => ({ message: control.injectInbound(await controlBody(r, inboundSchema)) }), 201),
    op('GET', '/settings', () => control.settings()),
    op('PATCH', '/settings', async (r) => control.updateSettings(await controlBody(r, settingsSchema))),
    op('POST', '/settings', async (r) => control.updateSettings(await controlBody(r, settingsSchema))),
    op('GET', '/faults', () => ({ faults: control.faults() })),
    op('POST', '/faults', async (r) => control.addFault(await controlBody(r, faultSchema)), 201),
    op('DELETE', '/faults', () => {
      control.clearFaults()
      return { ok: true }
    }),
    op('GET', '/events', () => ({ events: control.events() })),
  ]
}
