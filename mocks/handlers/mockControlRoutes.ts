/**
 * The control API over HTTP, under `/__mock/*` (no auth, no faults, no rate limit): the same
 * operations as the in-process `control` object. Documented in mocks/README.md.
 */
import type { HttpHandler } from 'msw'
import * as z from 'zod/mini'
import { services } from '../../src/api'
import type { MockCore } from '../service/index'
import { accountKinds } from '../service/mockState'
import { defineHandler, errorResponse, json, parseWith, readJsonObject } from './route'

const accountRef = { accountId: z.optional(z.string()), apiKey: z.optional(z.string()) }
const finiteMs = z.number().check(z.minimum(0), z.refine(Number.isFinite, 'must be finite'))

const createAccountSchema = z.strictObject({ kind: z.enum(accountKinds), name: z.optional(z.string()) })
const advanceSchema = z.strictObject({ ms: finiteMs })
const setClockSchema = z.strictObject({ now: z.string() })
const numberSchema = z.strictObject({
  ...accountRef,
  phone: z.string(),
  reachable: z.optional(z.boolean()),
  optedOut: z.optional(z.boolean()),
  blocked: z.optional(z.boolean()),
})
const inboundSchema = z.strictObject({
  ...accountRef,
  from: z.string(),
  message: z.optional(z.string()),
  lineId: z.optional(z.string()),
  service: z.optional(z.enum(services)),
  groupId: z.optional(z.string()),
  mediaAttachmentUrl: z.optional(z.nullable(z.string())),
  voiceAttachmentUrl: z.optional(z.nullable(z.string())),
})
const settingsSchema = z.strictObject({
  latencyMs: z.optional(finiteMs),
  sendProcessingMs: z.optional(finiteMs),
  deliveryMs: z.optional(finiteMs),
  groupCreatingMs: z.optional(finiteMs),
  rateLimitPerMinute: z.optional(finiteMs),
})
const faultSchema = z.strictObject({
  path: z.string().check(z.minLength(1)),
  method: z.optional(z.string()),
  mode: z.optional(z.enum(['http', 'device'])),
  status: z.optional(z.int().check(z.minimum(100), z.maximum(599))),
  count: z.optional(z.int().check(z.minimum(1))),
  body: z.optional(z.unknown()),
  text: z.optional(z.string()),
})

type ControlMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** Handlers of the control API. */
export function controlHandlers(core: MockCore): HttpHandler[] {
  const { control, state } = core
  const op = (method: ControlMethod, path: string, run: (request: Request) => unknown, status = 200) =>
    defineHandler(method, `/__mock${path}`, async (request) => {
      try {
        state.clock.runDue()
        const body = await run(request)
        return json(body ?? { ok: true }, status)
      } catch (error) {
        return errorResponse(error)
      }
    })
  const body = async <S extends z.ZodMiniType>(request: Request, schema: S) =>
    parseWith(schema, await readJsonObject(request))

  return [
    op('POST', '/reset', () => {
      control.reset()
      return { ok: true, now: state.clock.iso() }
    }),
    op('GET', '/accounts', () => ({ accounts: control.accounts() })),
    op('POST', '/accounts', async (r) => control.createAccount(await body(r, createAccountSchema)), 201),
    op('GET', '/clock', () => control.clock()),
    op('POST', '/clock/advance', async (r) => control.advanceClock((await body(r, advanceSchema)).ms)),
    op('POST', '/clock', async (r) => control.setClock((await body(r, setClockSchema)).now)),
    op('POST', '/numbers', async (r) => control.setNumber(await body(r, numberSchema))),
    op('POST', '/inbound', async (r) => ({ message: control.injectInbound(await body(r, inboundSchema)) }), 201),
    op('GET', '/settings', () => control.settings()),
    op('PATCH', '/settings', async (r) => control.updateSettings(await body(r, settingsSchema))),
    op('POST', '/settings', async (r) => control.updateSettings(await body(r, settingsSchema))),
    op('GET', '/faults', () => ({ faults: control.faults() })),
    op('POST', '/faults', async (r) => control.addFault(await body(r, faultSchema)), 201),
    op('DELETE', '/faults', () => {
      control.clearFaults()
      return { ok: true }
    }),
    op('GET', '/events', () => ({ events: control.events() })),
  ]
}
