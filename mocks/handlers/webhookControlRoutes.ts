/**
 * The control API for webhooks over HTTP, under `/__mock/webhooks*`: the in-process
 * `control.webhooks`. Webhook URLs carry the receiver's secret, so they are shown masked here
 * (see `maskWebhookUrl`). Documented in mocks/README.md.
 */
import * as z from 'zod/mini'
import type { MockCore } from '../service/index'
import { toMaskedDelivery, toMaskedWebhookView } from '../service/webhookConfig'
import { accountRefFields, accountRefQuery, controlBody, controlRoutesOf } from './controlRoute'
import type { MockRoute } from './mockRouter'

const webhookSchema = z.strictObject({
  ...accountRefFields,
  url: z.string().check(z.minLength(1), z.maxLength(2048)),
  inbound: z.optional(z.boolean()),
  outbound: z.optional(z.boolean()),
  audioCalls: z.optional(z.boolean()),
  crm: z.optional(z.boolean()),
})

/** Routes of the webhooks control API. */
export function webhookControlRoutes(core: MockCore): MockRoute[] {
  const webhooks = core.control.webhooks
  const op = controlRoutesOf(core)
  return [
    op('GET', '/webhooks/deliveries', async (r) => {
      const webhookId = new URL(r.url).searchParams.get('webhookId') ?? undefined
      const deliveries = await webhooks.deliveries({ ...accountRefQuery(r), webhookId })
      return { deliveries: deliveries.map(toMaskedDelivery) }
    }),
    op(
      'POST',
      '/webhooks',
      async (r) => ({ webhook: toMaskedWebhookView(webhooks.create(await controlBody(r, webhookSchema))) }),
      201,
    ),
    op('GET', '/webhooks', (r) => ({ webhooks: webhooks.list(accountRefQuery(r)).map(toMaskedWebhookView) })),
    op('POST', '/webhooks/:id/test', async (_r, p) => ({
      delivery: toMaskedDelivery(await webhooks.test(p.id ?? '')),
    })),
    op('DELETE', '/webhooks/:id', (_r, p) => {
      webhooks.remove(p.id ?? '')
      return { ok: true }
    }),
  ]
}
