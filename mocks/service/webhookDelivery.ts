/**
 * Webhook deliveries. spec: Events — delivery rules (one attempt, no retries, only 2xx counts,
 * disabled silently after 20 consecutive failures, a success resets the count, CRM webhooks are
 * exempt), Message webhook payload and Audio-call events. The webhooks themselves are
 * webhookConfig.ts's.
 *
 * The dispatcher listens to `state.emit` (common.ts announces every stored message, audioCalls.ts
 * every inbound-call move) and hands each payload to a {@link WebhookSender}: an injectable
 * function in-process, a real POST with a timeout by default (and in the standalone server).
 */
import type { MockEvent, MockState } from './mockState'
import type { StoredMessage } from './stateRecords'
import { fail } from './serviceErrors'
import { webhooksOf, type Webhook, type WebhookDelivery } from './webhookConfig'

/** Delivers one payload; resolves with the HTTP status, rejects on a network error or timeout. */
export type WebhookSender = (url: string, body: unknown) => Promise<{ status: number }>

/** spec: Events 3 — disabled automatically after 20 consecutive failures. */
export const WEBHOOK_AUTO_DISABLE_AFTER = 20

/** Deliveries kept per webhook (oldest dropped first). */
const DELIVERY_CAP = 500

/** A stable positive number for a CRM contact (the mock's CRM has numeric ids). */
function crmContactId(accountId: string, phone: string): number {
  let h = 2166136261
  for (const ch of `${accountId}|${phone}`) {
    h ^= ch.charCodeAt(0)
    h = Math.imul(h, 16777619)
  }
  return 100_000 + ((h >>> 0) % 900_000_000)
}

/**
 * spec: Message webhook payload (plus the CRM fields on CRM webhooks). `destination` is the
 * external party: the recipient of outbound messages, the sender of inbound ones — always "a
 * phone number in E.164". Choice (README): an outbound group message (whose `to_number` is the
 * chat identifier) names its group's first recipient, one event per message.
 */
function messagePayload(
  state: MockState,
  message: StoredMessage,
  crm: boolean,
  receivedAt: string,
): Record<string, unknown> {
  const line = state.lines.get(message.line_id)
  const group =
    message.direction === 'outbound' && message.groupId !== null
      ? state.accounts.get(message.accountId)?.groupsById.get(message.groupId)
      : undefined
  const destination =
    group?.participants[0] ?? (message.direction === 'outbound' ? message.to_number : message.from_number)
  const payload: Record<string, unknown> = {
    message: message.content,
    destination,
    receivedAt,
    direction: message.direction,
    messageId: message.id,
    guid: message.guid,
    linePhoneNumber: line?.phoneNumber ?? (message.direction === 'outbound' ? message.from_number : message.to_number),
  }
  if (crm) {
    const id = crmContactId(message.accountId, destination)
    payload.contactPhoneNumber = destination
    payload.dateReceived = receivedAt
    payload.crmContactId = id
    payload.crmContactIdText = String(id)
  }
  return payload
}

/** Options for {@link attachWebhooks}. */
interface WebhookDispatcherOptions {
  /** @default a real POST with a 5 s timeout ({@link createFetchSender}) */
  sender?: WebhookSender | undefined
}

/** Controls a state's webhook deliveries. */
export interface WebhookDispatcher {
  /** Replaces the sender (in-process tests, stories). */
  setSender(sender: WebhookSender): void
  /** Resolves once every delivery started so far has an outcome. */
  flush(): Promise<void>
  /** Sends a test payload to one webhook (the web app's test-payload action). */
  test(webhookId: string): Promise<WebhookDelivery>
  /** Stops listening. */
  detach(): void
}

/** A sender that POSTs JSON with `fetch` and gives up after `timeoutMs` (a failure). */
export function createFetchSender(options: { timeoutMs?: number; fetch?: typeof fetch } = {}): WebhookSender {
  const timeoutMs = options.timeoutMs ?? 5_000
  const doFetch = options.fetch ?? ((input: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(input, init))
  return async (url, body) => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'linekit-mock-webhooks/1' },
        body: JSON.stringify(body),
        signal: controller.signal,
        // spec: Events 1 — the endpoint must answer 2xx; a 3xx is an answer, not a detour, so
        // it is not followed (and counts as a failure).
        redirect: 'manual',
      })
      // Drain so keep-alive sockets are released.
      await response.arrayBuffer().catch(() => undefined)
      return { status: response.status }
    } finally {
      clearTimeout(timer)
    }
  }
}

const dispatchers = new WeakMap<MockState, WebhookDispatcher>()

/** The dispatcher attached to a state, if any. */
export function getWebhookDispatcher(state: MockState): WebhookDispatcher | undefined {
  return dispatchers.get(state)
}

/** Every delivery of every webhook (optionally one account's), oldest first. */
export function listDeliveries(
  state: MockState,
  filter: { accountId?: string | undefined; webhookId?: string | undefined } = {},
): WebhookDelivery[] {
  const out: WebhookDelivery[] = []
  for (const webhook of webhooksOf(state).values()) {
    if (filter.accountId !== undefined && webhook.accountId !== filter.accountId) continue
    if (filter.webhookId !== undefined && webhook.id !== filter.webhookId) continue
    out.push(...webhook.deliveries)
  }
  return out.sort((a, b) => a.id - b.id)
}

/** Starts delivering `state`'s events to its configured webhooks. */
export function attachWebhooks(state: MockState, options: WebhookDispatcherOptions = {}): WebhookDispatcher {
  dispatchers.get(state)?.detach()
  let sender: WebhookSender = options.sender ?? createFetchSender()
  const pending = new Set<Promise<void>>()
  let deliveryIds = 0

  function deliver(webhook: Webhook, event: string, payload: Record<string, unknown>): Promise<WebhookDelivery> {
    deliveryIds += 1
    const delivery: WebhookDelivery = {
      id: deliveryIds,
      webhookId: webhook.id,
      event,
      url: webhook.url,
      payload,
      at: state.clock.iso(),
      outcome: 'pending',
      status: null,
      error: null,
    }
    webhook.deliveries.push(delivery)
    if (webhook.deliveries.length > DELIVERY_CAP) webhook.deliveries.splice(0, webhook.deliveries.length - DELIVERY_CAP)
    const settle = (status: number | null, error: string | null) => {
      delivery.status = status
      delivery.error = error
      // spec: Events 1 — the endpoint must answer 2xx; anything else, network error or timeout is a failure.
      const ok = status !== null && status >= 200 && status <= 299
      delivery.outcome = ok ? 'success' : 'failure'
      if (ok) {
        // spec: Events 3 — a success resets the counter.
        webhook.consecutiveFailures = 0
        return
      }
      webhook.consecutiveFailures += 1
      // spec: Events 3/4 — disabled silently after 20 consecutive failures; CRM webhooks are exempt.
      if (!webhook.crm && webhook.enabled && webhook.consecutiveFailures >= WEBHOOK_AUTO_DISABLE_AFTER) {
        webhook.enabled = false
        webhook.disabledAt = state.clock.iso()
      }
    }
    let attempt: Promise<{ status: number }>
    try {
      // spec: Events 2 — one attempt, no retries.
      attempt = sender(webhook.url, payload)
    } catch (error) {
      attempt = Promise.reject(error)
    }
    const done = attempt.then(
      (result) =>
        settle(
          typeof result?.status === 'number' ? result.status : null,
          typeof result?.status === 'number' ? null : 'sender returned no status',
        ),
      (error: unknown) => settle(null, error instanceof Error ? error.message : String(error)),
    )
    pending.add(done)
    void done.finally(() => pending.delete(done))
    return done.then(() => delivery)
  }

  function onEvent(event: MockEvent): void {
    if (event.type === 'message.inbound' || event.type === 'message.outbound') {
      const message = (event as { message: StoredMessage }).message
      const receivedAt = state.clock.iso()
      for (const webhook of webhooksOf(state).values()) {
        if (webhook.accountId !== event.accountId || !webhook.enabled) continue
        // spec: Events — toggles for outbound and inbound messages; CRM webhooks have none.
        if (!webhook.crm && !(message.direction === 'inbound' ? webhook.inbound : webhook.outbound)) continue
        void deliver(webhook, event.type, messagePayload(state, message, webhook.crm, receivedAt))
      }
      return
    }
    if (event.type.startsWith('audiocall.inbound.')) {
      const payload = (event as { payload?: unknown }).payload
      if (!payload || typeof payload !== 'object') return
      for (const webhook of webhooksOf(state).values()) {
        // spec: Events — audio-call events only with the inbound-audio-call box checked.
        if (webhook.accountId !== event.accountId || !webhook.enabled || !webhook.audioCalls) continue
        // spec: receivedAt is when the service emitted the webhook.
        void deliver(webhook, event.type, { ...(payload as Record<string, unknown>), receivedAt: state.clock.iso() })
      }
    }
  }

  const unsubscribe = state.on(onEvent)
  const dispatcher: WebhookDispatcher = {
    setSender(next) {
      sender = next
    },
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
    test(webhookId) {
      const webhook = webhooksOf(state).get(webhookId)
      if (!webhook) return Promise.reject(fail(404, 'webhook_not_found', 'Unknown webhook'))
      // A disabled webhook receives nothing (spec: Events 3 — disabled; it cannot be edited or
      // re-enabled, a new one is created instead), the test payload included.
      if (!webhook.enabled)
        return Promise.reject(
          fail(
            409,
            'webhook_disabled',
            `Webhook ${webhook.id} is disabled (after ${webhook.consecutiveFailures} consecutive failures)`,
            'Create a new webhook: POST /__mock/webhooks.',
          ),
        )
      const receivedAt = state.clock.iso()
      const line = state.lines.get(state.accounts.get(webhook.accountId)?.lineIds[0] ?? '')
      const payload: Record<string, unknown> = {
        message: 'This is a test payload from linekit mock',
        destination: '+15555550100',
        receivedAt,
        direction: 'inbound',
        messageId: 0,
        guid: '00000000-0000-4000-8000-000000000000',
        linePhoneNumber: line?.phoneNumber ?? '+15555550199',
        test: true,
      }
      if (webhook.crm)
        Object.assign(payload, {
          contactPhoneNumber: '+15555550100',
          dateReceived: receivedAt,
          crmContactId: 0,
          crmContactIdText: '0',
        })
      return deliver(webhook, 'test', payload)
    },
    detach() {
      unsubscribe()
      if (dispatchers.get(state) === dispatcher) dispatchers.delete(state)
    },
  }
  dispatchers.set(state, dispatcher)
  return dispatcher
}
