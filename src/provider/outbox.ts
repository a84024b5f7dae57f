import type { SendMessageRequest } from '../api'
import { LinekitError } from '../api/errors'
import type { OptimisticMessage } from './sendTypes'

/** A 1:1 send kept in this browser until the service accepted it, discarded, or it is restored. */
export interface KeptSend {
  /** The send's idempotency key: the same one goes with every attempt, before and after a reload. */
  idempotencyKey: string
  /** The request as the agent made it, key included. */
  body: SendMessageRequest & { idempotencyKey: string }
  /** Client time of the send, ISO 8601. */
  createdAt: string
  /** Newest `created_at` the thread showed when the agent sent (to reconcile the send with its record). */
  serverFloor?: string
  /** Set once the service refused it (the agent decides what to do with it). */
  failed?: { status: number; code: string; message: string }
}

/** Where the send engine keeps the sends that wait for the connection (see {@link createBrowserOutbox}). */
export interface Outbox {
  /** The kept sends, oldest first (the order they were typed). */
  load(): KeptSend[]
  /** Keeps a send, or updates it in place; false when it could not be kept (caps, storage full). */
  put(send: KeptSend): boolean
  remove(idempotencyKey: string): void
}

/** The caps of {@link createBrowserOutbox}. */
interface OutboxLimits {
  /** Sends kept at most. @default 100 */
  maxSends: number
  /** Characters of stored JSON at most (localStorage's quota is about 5 MB for the whole origin). @default 200000 */
  maxChars: number
}

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

const isKept = (v: unknown): v is KeptSend => {
  if (!v || typeof v !== 'object') return false
  const s = v as Partial<KeptSend>
  return (
    typeof s.idempotencyKey === 'string' &&
    typeof s.createdAt === 'string' &&
    typeof s.body === 'object' &&
    s.body !== null &&
    typeof s.body.phone === 'string' &&
    s.body.idempotencyKey === s.idempotencyKey
  )
}

/**
 * The browser's outbox: the sends that wait for the connection, in `localStorage` under one key
 * (beside the drafts), so that a reload or a closed tab loses none of them. Read and written whole
 * on every change, never cached, so two tabs of the inbox never overwrite each other's sends.
 * Bounded: a send beyond the caps, or one the storage refuses (quota), is not kept — it still
 * goes from this tab; the ones typed before it are kept, so what a reload restores stays in typed
 * order. Without storage (SSR, private mode, storage disabled) nothing is kept.
 */
export function createBrowserOutbox(storageKey = 'linekit:outbox:v1', limits: Partial<OutboxLimits> = {}): Outbox {
  const { maxSends = 100, maxChars = 200_000 } = limits
  const read = (): KeptSend[] => {
    try {
      const parsed: unknown = JSON.parse(storage()?.getItem(storageKey) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter(isKept) : []
    } catch {
      return []
    }
  }
  const write = (sends: KeptSend[]): boolean => {
    const store = storage()
    if (!store) return false
    try {
      if (sends.length === 0) store.removeItem(storageKey)
      else {
        const json = JSON.stringify(sends)
        if (json.length > maxChars) return false
        store.setItem(storageKey, json)
      }
      return true
    } catch {
      // Quota exceeded or storage disabled: what was kept before stays as it was.
      return false
    }
  }
  return {
    load: read,
    put(send) {
      const sends = read()
      const at = sends.findIndex((s) => s.idempotencyKey === send.idempotencyKey)
      if (at >= 0) sends[at] = send
      else if (sends.length >= maxSends) return false
      else sends.push(send)
      return write(sends)
    },
    remove(idempotencyKey) {
      const sends = read()
      const rest = sends.filter((s) => s.idempotencyKey !== idempotencyKey)
      if (rest.length !== sends.length) write(rest)
    },
  }
}

/**
 * How old a kept send may be to go again by itself after a reload. It goes with the key it had,
 * and a replay of a key the service has seen sends nothing (spec: Send request — replay
 * behaviour, `deduped: true`), so resending can never make a second message. The contract states
 * one de-duplication window, an hour (spec: Limits — Deduplication window), and none for an
 * explicit key: within the hour the same key is surely still known. An older kept send is
 * offered to the agent instead (Not sent, with Retry and Discard): it may also have gone stale.
 */
const resendByItselfMs = 60 * 60_000

/** What a kept send too old to go by itself says: it never reached the service from the earlier visit. */
const keptTooLong = {
  status: 0,
  code: 'network_error',
  message: 'Not sent before the page was left, and kept longer than an hour',
}

/** Kept sends an engine of this page restored: another provider on the page leaves them to it. */
export const restoredHere = new Set<string>()

/** The form a send is kept in. */
export function keptForm(m: OptimisticMessage): KeptSend {
  const failed = m.state === 'failed' && LinekitError.is(m.error) ? m.error : undefined
  return {
    idempotencyKey: m.idempotencyKey,
    body: { ...m.body, idempotencyKey: m.idempotencyKey },
    createdAt: m.createdAt,
    ...(m.serverFloor !== undefined ? { serverFloor: m.serverFloor } : {}),
    ...(failed ? { failed: { status: failed.status, code: failed.code, message: failed.message } } : {}),
  }
}

/** A kept send as its thread shows it again after a reload (`now`: epoch ms). */
export function restoredMessage(kept: KeptSend, localId: string, now: number): OptimisticMessage {
  const stale = now - Date.parse(kept.createdAt) > resendByItselfMs
  const failure = kept.failed ?? (stale ? keptTooLong : undefined)
  return {
    localId,
    idempotencyKey: kept.idempotencyKey,
    body: kept.body,
    phone: kept.body.phone,
    ...(kept.body.lineId !== undefined ? { lineId: kept.body.lineId } : {}),
    createdAt: kept.createdAt,
    state: failure ? 'failed' : 'pending',
    accepted: false,
    ...(failure ? { error: new LinekitError({ ...failure, retrySafe: true }) } : {}),
    ...(kept.serverFloor !== undefined ? { serverFloor: kept.serverFloor } : {}),
  }
}
