/**
 * The control API for calls, call logs, the dialer plan, webhooks, OAuth clients and mint
 * faults, under `/__mock/*` (no auth, no faults, no rate limit). Same operations as the
 * in-process `control.calls` / `control.callLogs` / `control.dialer` / `control.webhooks` /
 * `control.oauth` / `control.mintFault`. Documented in mocks/README.md.
 */
import type { HttpHandler } from 'msw'
import * as z from 'zod/mini'
import { dispositions, inboundCallEndStatuses } from '../../src/api'
import { callOutcomes } from '../service/dialerCallLogs'
import { mintFaultKinds } from '../service/callControl'
import type { MockCore } from '../service/index'
import { oauthScopes } from '../service/identityProvider'
import { toMaskedDelivery, toMaskedWebhookView } from '../service/webhookDelivery'
import { defineHandler, errorResponse, json, parseWith, readJsonObject } from './route'

const accountRef = { accountId: z.optional(z.string()), apiKey: z.optional(z.string()) }
const ms = z.number().check(z.minimum(0), z.refine(Number.isFinite, 'must be finite'))
const minutes = z.number().check(z.minimum(0), z.refine(Number.isFinite, 'must be finite'))

const inboundCallSchema = z.strictObject({
  ...accountRef,
  lineId: z.optional(z.string()),
  from: z.string().check(z.minLength(1), z.maxLength(64)),
  ringingRtc: z.optional(z.boolean()),
  answerRtc: z.optional(z.boolean()),
})
const endSchema = z.strictObject({ status: z.optional(z.enum(inboundCallEndStatuses)) })
const callSettingsSchema = z.strictObject({
  outboundRtc: z.optional(z.boolean()),
  outboundAnswerMs: z.optional(ms),
  ringTimeoutMs: z.optional(ms),
  classifyMs: z.optional(ms),
})
const recordSchema = z.strictObject({
  ...accountRef,
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
const dialerSchema = z.strictObject({
  ...accountRef,
  paywalled: z.optional(z.boolean()),
  provisioned: z.optional(z.boolean()),
  configured: z.optional(z.boolean()),
  planReadable: z.optional(z.boolean()),
  dialerAddon: z.optional(z.boolean()),
  audioCall: z.optional(z.boolean()),
  includedMinutes: z.optional(minutes),
  capMinutes: z.optional(z.nullable(minutes)),
  usedMinutes: z.optional(minutes),
  lineId: z.optional(z.string()),
  lineUsedMinutes: z.optional(minutes),
  lineCapMinutes: z.optional(z.nullable(minutes)),
  inboundNumber: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  ringSet: z.optional(z.array(z.string().check(z.maxLength(320))).check(z.maxLength(100))),
})
const webhookSchema = z.strictObject({
  ...accountRef,
  url: z.string().check(z.minLength(1), z.maxLength(2048)),
  inbound: z.optional(z.boolean()),
  outbound: z.optional(z.boolean()),
  audioCalls: z.optional(z.boolean()),
  crm: z.optional(z.boolean()),
})
const oauthClientSchema = z.strictObject({
  ...accountRef,
  scopes: z.optional(z.array(z.enum(oauthScopes)).check(z.minLength(1))),
})
const mintFaultSchema = z.strictObject({
  kind: z.enum(mintFaultKinds),
  count: z.optional(z.int().check(z.minimum(1), z.maximum(1_000_000))),
})

type Method = 'GET' | 'POST' | 'DELETE'

/** Handlers of the issue-5 control API. */
export function controlCallsHandlers(core: MockCore): HttpHandler[] {
  const { state } = core
  const c = core.control
  const op = (
    method: Method,
    path: string,
    run: (request: Request, params: Record<string, string>) => unknown,
    status = 200,
  ) =>
    defineHandler(method, `/__mock${path}`, async (request, params) => {
      try {
        state.clock.runDue()
        const flat: Record<string, string> = {}
        for (const [k, v] of Object.entries(params)) if (typeof v === 'string') flat[k] = v
        const body = await run(request, flat)
        return json(body ?? { ok: true }, status)
      } catch (error) {
        return errorResponse(error)
      }
    })
  const body = async <S extends z.ZodMiniType>(request: Request, schema: S) =>
    parseWith(schema, await readJsonObject(request))
  /** An optional JSON body: empty means `{}`. */
  const optionalBody = async <S extends z.ZodMiniType>(request: Request, schema: S) => {
    const text = await request.clone().text()
    return text.trim() === '' ? parseWith(schema, {}) : body(request, schema)
  }
  const ref = (url: URL) => ({
    accountId: url.searchParams.get('accountId') ?? undefined,
    apiKey: url.searchParams.get('apiKey') ?? undefined,
  })
  const uuid = (params: Record<string, string>) => params.uuid ?? ''

  return [
    // Specific paths before parameterised ones.
    op('GET', '/calls/settings', () => c.calls.settings()),
    op('POST', '/calls/settings', async (r) => c.calls.updateSettings(await body(r, callSettingsSchema))),
    op('POST', '/calls/inbound', async (r) => ({ call: c.calls.inbound(await body(r, inboundCallSchema)) }), 201),
    op('GET', '/calls', (r) => ({ calls: c.calls.list(ref(new URL(r.url))) })),
    op('POST', '/calls/:uuid/ring', (_r, p) => ({ call: c.calls.ring(uuid(p)) })),
    op('POST', '/calls/:uuid/answer-elsewhere', (_r, p) => ({ call: c.calls.answerElsewhere(uuid(p)) })),
    op('POST', '/calls/:uuid/caller-hangup', (_r, p) => ({ call: c.calls.callerHangup(uuid(p)) })),
    op('POST', '/calls/:uuid/end', async (r, p) => ({
      call: c.calls.end(uuid(p), (await optionalBody(r, endSchema)).status),
    })),

    op('POST', '/call-logs', async (r) => ({ callLog: c.callLogs.record(await body(r, recordSchema)) }), 201),
    op('GET', '/call-logs', (r) => ({ callLogs: c.callLogs.list(ref(new URL(r.url))) })),
    op('POST', '/call-logs/:id/complete', async (r, p) => ({
      callLog: c.callLogs.complete(p.id ?? '', await body(r, completeSchema)),
    })),

    op('GET', '/dialer', (r) => c.dialer.get(ref(new URL(r.url)))),
    op('POST', '/dialer', async (r) => c.dialer.set(await body(r, dialerSchema))),

    // Webhook URLs carry the receiver's secret: shown masked over HTTP (see maskWebhookUrl).
    op('GET', '/webhooks/deliveries', async (r) => {
      const url = new URL(r.url)
      const deliveries = await c.webhooks.deliveries({
        ...ref(url),
        webhookId: url.searchParams.get('webhookId') ?? undefined,
      })
      return { deliveries: deliveries.map(toMaskedDelivery) }
    }),
    op(
      'POST',
      '/webhooks',
      async (r) => ({ webhook: toMaskedWebhookView(c.webhooks.create(await body(r, webhookSchema))) }),
      201,
    ),
    op('GET', '/webhooks', (r) => ({ webhooks: c.webhooks.list(ref(new URL(r.url))).map(toMaskedWebhookView) })),
    op('POST', '/webhooks/:id/test', async (_r, p) => ({
      delivery: toMaskedDelivery(await c.webhooks.test(p.id ?? '')),
    })),
    op('DELETE', '/webhooks/:id', (_r, p) => {
      c.webhooks.remove(p.id ?? '')
      return { ok: true }
    }),

    op(
      'POST',
      '/oauth/clients',
      async (r) => ({ client: c.oauth.createClient(await optionalBody(r, oauthClientSchema)) }),
      201,
    ),
    op('GET', '/oauth/clients', () => ({ clients: c.oauth.clients() })),

    op('POST', '/faults/mint', async (r) => ({ fault: c.mintFault(await body(r, mintFaultSchema)) }), 201),
  ]
}
