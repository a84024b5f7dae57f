/**
 * The in-process control API for webhooks: create, list, remove, test, and the deliveries (after
 * waiting for those in flight). `handlers/webhookControlRoutes.ts` serves it under
 * `/__mock/webhooks*` with the URLs masked.
 */
import { accountIdFilter, findAccount, type AccountRef } from './accountRefs'
import type { MockState } from './mockState'
import { fail } from './serviceErrors'
import {
  createWebhook,
  deleteWebhook,
  toWebhookView,
  webhooksOf,
  type WebhookDelivery,
  type WebhookInput,
} from './webhookConfig'
import { getWebhookDispatcher, listDeliveries, type WebhookSender } from './webhookDelivery'

/** `control.webhooks`. */
export interface WebhookControl {
  create(input: AccountRef & Omit<WebhookInput, 'accountId'>): ReturnType<typeof toWebhookView>
  list(ref?: AccountRef): ReturnType<typeof toWebhookView>[]
  remove(id: string): void
  /** Waits for deliveries in flight, then lists them (oldest first). */
  deliveries(filter?: AccountRef & { webhookId?: string | undefined }): Promise<WebhookDelivery[]>
  /** Waits for deliveries in flight. */
  flush(): Promise<void>
  /** Replaces the sender (in-process). */
  setSender(sender: WebhookSender): void
  /** Sends a test payload. */
  test(id: string): Promise<WebhookDelivery>
}

/** Creates `control.webhooks` over `state`. */
export function createWebhookControl(state: MockState): WebhookControl {
  const dispatcher = () => {
    const d = getWebhookDispatcher(state)
    if (!d) throw fail(500, 'internal_error', 'Webhooks are not attached to this mock state')
    return d
  }
  return {
    create(input) {
      const acct = findAccount(state, input)
      return toWebhookView(
        createWebhook(state, {
          accountId: acct.id,
          url: input.url,
          inbound: input.inbound,
          outbound: input.outbound,
          audioCalls: input.audioCalls,
          crm: input.crm,
        }),
      )
    },
    list(ref) {
      const accountId = accountIdFilter(state, ref)
      return [...webhooksOf(state).values()]
        .filter((w) => accountId === undefined || w.accountId === accountId)
        .map(toWebhookView)
    },
    remove(id) {
      if (!deleteWebhook(state, id)) throw fail(404, 'webhook_not_found', 'Unknown webhook')
    },
    async deliveries(filter = {}) {
      await dispatcher().flush()
      return listDeliveries(state, { accountId: accountIdFilter(state, filter), webhookId: filter.webhookId })
    },
    flush: () => dispatcher().flush(),
    setSender: (sender) => dispatcher().setSender(sender),
    test: (id) => dispatcher().test(id),
  }
}
