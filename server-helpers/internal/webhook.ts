/** The parts of linekit/server that read the contract from `src/api`. */
// From the modules, not the `src/api` barrel: the barrel re-exports `phone` (libphonenumber,
// ~29 KB gzip), which bundlers then keep in the server bundle (issue 11, size budget).
import {
  audioCallEventSchema,
  crmMessageWebhookPayloadSchema,
  messageWebhookPayloadSchema,
  voiceTokenRequestSchema,
} from '../../src/api/schemas'
import { endpoints } from '../../src/api/endpoints'
import type { AudioCallEvent, CrmMessageWebhookPayload, MessageWebhookPayload } from '../../src/api'
import type { ProxyRoute } from './routes'

export type ClassifiedWebhook =
  | { kind: 'audiocall'; payload: AudioCallEvent }
  | { kind: 'message'; payload: MessageWebhookPayload | CrmMessageWebhookPayload }

/**
 * Validates a webhook body with the `linekit/api` schemas. Audio-call events carry `event`;
 * message webhooks (plain or CRM variant) do not. Returns null for anything else.
 */
export function classifyWebhook(payload: unknown): ClassifiedWebhook | null {
  if (payload && typeof payload === 'object' && 'event' in payload) {
    const audio = audioCallEventSchema.safeParse(payload)
    return audio.success ? { kind: 'audiocall', payload: audio.data } : null
  }
  const crm = crmMessageWebhookPayloadSchema.safeParse(payload)
  if (crm.success) return { kind: 'message', payload: crm.data }
  const plain = messageWebhookPayloadSchema.safeParse(payload)
  return plain.success ? { kind: 'message', payload: plain.data } : null
}

/** The mint body's `lineId` when valid (spec: a line id from the lines listing), else null. */
export function parseVoiceTokenRequest(body: unknown): string | null {
  const parsed = voiceTokenRequestSchema.safeParse(body)
  return parsed.success ? parsed.data.lineId : null
}

/**
 * Keeps only the proxy routes that are endpoints of the contract on the messaging host, and
 * warns about contract endpoints the proxy has no line policy for (they stay unreachable:
 * fail closed rather than forward something unscoped).
 */
export function crossCheckRoutes(
  routes: readonly ProxyRoute[],
  logger: { warn(message: string, details?: Record<string, unknown>): void },
): ProxyRoute[] {
  const contract = new Set(endpoints.filter((e) => e.host === 'base').map((e) => `${e.method} ${e.path}`))
  const kept = routes.filter((route) => contract.has(`${route.method} ${route.path}`))
  const covered = new Set(kept.map((route) => `${route.method} ${route.path}`))
  const missing = [...contract].filter((key) => !covered.has(key))
  if (missing.length > 0) logger.warn('contract endpoints without a proxy line policy are not served', { missing })
  return kept
}
