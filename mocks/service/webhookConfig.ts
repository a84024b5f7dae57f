/**
 * Webhook configuration. spec: Events — a webhook has a URL, inbound/outbound toggles, the
 * inbound-audio-call box (off by default) and a CRM variant; an existing webhook cannot be edited
 * (a new one is created instead). The HTTP control API shows URLs masked (they carry the
 * receiver's secret). Deliveries are webhookDelivery.ts's.
 */
import type { MockState } from './mockState'
import type { WebhookRecord } from './stateRecords'
import { fail } from './serviceErrors'

/** One delivery attempt. */
export interface WebhookDelivery {
  id: number
  webhookId: string
  /** `message.inbound`, `message.outbound`, `audiocall.inbound.*`, or `test`. */
  event: string
  url: string
  payload: Record<string, unknown>
  /** ISO time of the attempt (mock clock). */
  at: string
  /** `pending` while the sender runs. */
  outcome: 'pending' | 'success' | 'failure'
  /** HTTP status, or null on a network error / timeout. */
  status: number | null
  error: string | null
}

/** A configured webhook. */
export interface Webhook extends WebhookRecord {
  id: string
  accountId: string
  url: string
  /** Deliver inbound message events (ignored for CRM webhooks). */
  inbound: boolean
  /** Deliver outbound message events (ignored for CRM webhooks). */
  outbound: boolean
  /** The inbound-audio-call box (spec: off by default). */
  audioCalls: boolean
  /** CRM variant: no toggles, CRM fields in message payloads, exempt from auto-disable. */
  crm: boolean
  enabled: boolean
  consecutiveFailures: number
  disabledAt: string | null
  createdAt: string
  deliveries: WebhookDelivery[]
}

/** The webhooks map with the mock's full type (only this module writes it). */
export function webhooksOf(state: MockState): Map<string, Webhook> {
  return state.webhooks as Map<string, Webhook>
}

/** Control API: a new webhook. spec: existing webhooks cannot be edited; a new one is created instead. */
export interface WebhookInput {
  accountId: string
  url: string
  /** @default true */
  inbound?: boolean | undefined
  /** @default true */
  outbound?: boolean | undefined
  /** @default false (spec: the inbound-audio-call box is off by default) */
  audioCalls?: boolean | undefined
  /** @default false */
  crm?: boolean | undefined
}

/** The public view of a webhook (no delivery list). */
export function toWebhookView(webhook: Webhook) {
  const { deliveries, ...rest } = webhook
  return { ...rest, deliveryCount: deliveries.length }
}

const MASK = '***'

/**
 * A webhook URL as the HTTP control API shows it. The URL is the only credential a webhook
 * carries (the service cannot sign deliveries), and whoever reaches the mock reaches its control
 * API: the last path segment (where a receiver such as linekit/server takes its secret), user
 * info, query values and fragment are masked; the origin and the rest of the path stay readable.
 */
function maskWebhookUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return MASK
  }
  if (url.username) url.username = MASK
  if (url.password) url.password = MASK
  const segments = url.pathname.split('/')
  for (let i = segments.length - 1; i >= 0; i--) {
    if (segments[i] === '') continue
    segments[i] = MASK
    break
  }
  url.pathname = segments.join('/')
  for (const key of new Set(url.searchParams.keys())) url.searchParams.set(key, MASK)
  if (url.hash) url.hash = MASK
  return url.toString()
}

/** {@link toWebhookView} with the URL masked ({@link maskWebhookUrl}), for the HTTP control API. */
export function toMaskedWebhookView(webhook: ReturnType<typeof toWebhookView>) {
  return { ...webhook, url: maskWebhookUrl(webhook.url) }
}

/** A delivery with its URL masked, and the URL kept out of its error text, for the HTTP control API. */
export function toMaskedDelivery(delivery: WebhookDelivery): WebhookDelivery {
  const url = maskWebhookUrl(delivery.url)
  const error = delivery.error === null ? null : delivery.error.split(delivery.url).join(url)
  return { ...delivery, url, error }
}

/** Creates a webhook. */
export function createWebhook(state: MockState, input: WebhookInput): Webhook {
  if (!state.accounts.has(input.accountId)) throw fail(404, 'account_not_found', 'Unknown account')
  let url: URL
  try {
    url = new URL(input.url)
  } catch {
    throw fail(
      400,
      'invalid_request',
      'url must be an absolute http(s) URL',
      'e.g. http://127.0.0.1:3000/api/linekit/webhooks/secret',
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw fail(
      400,
      'invalid_request',
      'url must be an absolute http(s) URL',
      'e.g. http://127.0.0.1:3000/api/linekit/webhooks/secret',
    )
  }
  const webhook: Webhook = {
    id: `wh_${state.ids.token('', 16)}`,
    accountId: input.accountId,
    url: url.toString(),
    inbound: input.inbound ?? true,
    outbound: input.outbound ?? true,
    audioCalls: input.audioCalls ?? false,
    crm: input.crm ?? false,
    enabled: true,
    consecutiveFailures: 0,
    disabledAt: null,
    createdAt: state.clock.iso(),
    deliveries: [],
  }
  webhooksOf(state).set(webhook.id, webhook)
  return webhook
}

/** Deletes a webhook; false when unknown. */
export function deleteWebhook(state: MockState, id: string): boolean {
  return webhooksOf(state).delete(id)
}
