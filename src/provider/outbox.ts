import type { GroupSendRequest, ReactionRequest, SendMessageRequest } from '../api'
import { LinekitError } from '../api/errors'
import type { OptimisticMessage } from './sendTypes'

/** What every kept send has, whatever it sends. */
interface KeptBase {
  /**
   * Names the send in the outbox. For a 1:1 or group send it is the request's idempotency key:
   * the same one goes with every attempt, before and after a reload. A reaction carries none
   * (spec: POST /send-reaction has no `idempotencyKey`), so its key stays in this browser.
   */
  idempotencyKey: string
  /** Client time of the send, ISO 8601. */
  createdAt: string
  /** Set once the service refused it (the agent decides what to do with it). */
  failed?: { status: number; code: string; message: string }
}

/** A 1:1 send (`POST /send-api-message`) kept in this browser. */
interface KeptMessage extends KeptBase {
  kind: 'message'
  /** The request as the agent made it, key included. */
  body: SendMessageRequest & { idempotencyKey: string }
  /** Newest `created_at` the thread showed when the agent sent (to reconcile the send with its record). */
  serverFloor?: string
}

/** A group send (`POST /send-group-message`) kept in this browser. */
export interface KeptGroupSend extends KeptBase {
  kind: 'group'
  /** The request as the agent made it, key included. */
  body: GroupSendRequest & { idempotencyKey: string }
}

/** A reaction (`POST /send-reaction`) kept in this browser. */
export interface KeptReaction extends KeptBase {
  kind: 'reaction'
  /** The request as the agent made it (the contract gives it no key). */
  body: ReactionRequest
}

/**
 * A send kept in this browser until the service accepted it, the agent cancelled or discarded it,
 * or it is restored after a reload.
 */
export type KeptSend = KeptMessage | KeptGroupSend | KeptReaction

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
  /** Sends kept at most, of every kind together. @default 100 */
  maxSends: number
  /** Characters of stored JSON at most (localStorage's quota is about 5 MB for the whole origin). @default 200000 */
  maxChars: number
}

/** The version of the stored format this code writes (version 1 was a bare array of 1:1 sends). */
const outboxVersion = 2

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

const isKept = (v: unknown): v is KeptSend => {
  if (!isObject(v) || typeof v.idempotencyKey !== 'string' || typeof v.createdAt !== 'string') return false
  const body = v.body
  if (!isObject(body)) return false
  switch (v.kind) {
    case 'message':
      return typeof body.phone === 'string' && body.idempotencyKey === v.idempotencyKey
    case 'group':
      return (
        Array.isArray(body.numbers) &&
        body.numbers.every((n) => typeof n === 'string') &&
        body.idempotencyKey === v.idempotencyKey
      )
    case 'reaction':
      return typeof body.messageHandle === 'string' && typeof body.reaction === 'string'
    default:
      return false
  }
}

/** A version 1 entry (a 1:1 send, no `kind`) in the current form. */
const fromVersion1 = (v: unknown): unknown => (isObject(v) && v.kind === undefined ? { ...v, kind: 'message' } : v)

const parse = (json: string | null | undefined): unknown => {
  if (json == null) return undefined
  try {
    return JSON.parse(json) as unknown
  } catch {
    return undefined
  }
}

/**
 * The browser's outbox: the sends that wait for the connection — 1:1 sends, group sends and
 * reactions, in one list in the order they were typed — in `localStorage` under one key (beside
 * the drafts), so that a reload or a closed tab loses none of them. Read and written whole on
 * every change, never cached, so two tabs of the inbox never overwrite each other's sends.
 *
 * Stored as `{ "version": 2, "sends": [...] }`, each send with its `kind`. Version 1 (a bare
 * array of 1:1 sends under `<storageKey>:v1`, `linekit:outbox:v1` by default) is still read, also
 * when a tab of an older version writes it meanwhile; its sends are taken as 1:1 sends and the
 * next write moves them here. A newer version is left alone: nothing is read from it or written
 * over it.
 *
 * Bounded: at most 100 sends and 200,000 characters of JSON (see `limits`), whatever their kind.
 * A send beyond the caps, or one the storage refuses (quota), is not kept — it still goes from
 * this tab; the ones typed before it are kept, so what a reload restores stays in typed order.
 * Without storage (SSR, private mode, storage disabled) nothing is kept.
 */
export function createBrowserOutbox(storageKey = 'linekit:outbox', limits: Partial<OutboxLimits> = {}): Outbox {
  const { maxSends = 100, maxChars = 200_000 } = limits
  const legacyKey = `${storageKey}:v1`
  /** The kept sends; `writable` false when the stored format is newer than this code's. */
  const read = (): { sends: KeptSend[]; writable: boolean } => {
    const store = storage()
    if (!store) return { sends: [], writable: false }
    try {
      const stored = parse(store.getItem(storageKey))
      if (isObject(stored) && typeof stored.version === 'number' && stored.version > outboxVersion)
        return { sends: [], writable: false }
      const current = isObject(stored) && Array.isArray(stored.sends) ? stored.sends.filter(isKept) : []
      const legacy = parse(store.getItem(legacyKey))
      const older = Array.isArray(legacy) ? legacy.map(fromVersion1).filter(isKept) : []
      const known = new Set(current.map((s) => s.idempotencyKey))
      return { sends: [...current, ...older.filter((s) => !known.has(s.idempotencyKey))], writable: true }
    } catch {
      return { sends: [], writable: true }
    }
  }
  const write = (sends: KeptSend[]): boolean => {
    const store = storage()
    if (!store) return false
    try {
      if (sends.length === 0) store.removeItem(storageKey)
      else {
        const json = JSON.stringify({ version: outboxVersion, sends })
        if (json.length > maxChars) return false
        store.setItem(storageKey, json)
      }
      // Moved (or gone): the version 1 copy would only bring them back.
      store.removeItem(legacyKey)
      return true
    } catch {
      // Quota exceeded or storage disabled: what was kept before stays as it was.
      return false
    }
  }
  return {
    load: () => read().sends,
    put(send) {
      const { sends, writable } = read()
      if (!writable) return false
      const at = sends.findIndex((s) => s.idempotencyKey === send.idempotencyKey)
      if (at >= 0) sends[at] = send
      else if (sends.length >= maxSends) return false
      else sends.push(send)
      return write(sends)
    },
    remove(idempotencyKey) {
      const { sends, writable } = read()
      const rest = sends.filter((s) => s.idempotencyKey !== idempotencyKey)
      if (writable && rest.length !== sends.length) write(rest)
    },
  }
}

/**
 * How old a kept send may be to go again by itself after a reload. A 1:1 or group send goes with
 * the key it had, and a replay of a key the service has seen sends nothing (spec: Send request —
 * replay behaviour, `deduped: true`; the group-send response's `groupId` "can be null on a
 * replayed or deduplicated request"), so resending can never make a second message. The contract
 * states one de-duplication window, an hour (spec: Limits — Deduplication window), and none for an
 * explicit key: within the hour the same key is surely still known. A reaction has no key; what
 * keeps its resend from doubling it is that it sets a state (one reaction of a type per message,
 * `remove` retracts it; spec: POST /send-reaction), so a second request changes nothing — within
 * the hour too, lest it undo what the agent did since on another device. An older kept send is
 * offered to the agent instead (Not sent): it may also have gone stale.
 */
const resendByItselfMs = 60 * 60_000

/** What a kept send too old to go by itself says: it never reached the service from the earlier visit. */
const keptTooLong = {
  status: 0,
  code: 'network_error',
  message: 'Not sent before the page was left, and kept longer than an hour',
}

/** Why a kept send does not go by itself after a reload (`now`: epoch ms): its refusal, or its age. */
export function keptFailure(kept: KeptSend, now: number): LinekitError | undefined {
  const stale = now - Date.parse(kept.createdAt) > resendByItselfMs
  const failure = kept.failed ?? (stale ? keptTooLong : undefined)
  return failure ? new LinekitError({ ...failure, retrySafe: true }) : undefined
}

/** Kept sends an engine of this page restored: another provider on the page leaves them to it. */
export const restoredHere = new Set<string>()

/** The form a 1:1 send is kept in. */
export function keptForm(m: OptimisticMessage): KeptMessage {
  const failed = m.state === 'failed' && LinekitError.is(m.error) ? m.error : undefined
  return {
    kind: 'message',
    idempotencyKey: m.idempotencyKey,
    body: { ...m.body, idempotencyKey: m.idempotencyKey },
    createdAt: m.createdAt,
    ...(m.serverFloor !== undefined ? { serverFloor: m.serverFloor } : {}),
    ...(failed ? { failed: { status: failed.status, code: failed.code, message: failed.message } } : {}),
  }
}

/** A kept 1:1 send as its thread shows it again after a reload (`now`: epoch ms). */
export function restoredMessage(kept: KeptMessage, localId: string, now: number): OptimisticMessage {
  const error = keptFailure(kept, now)
  return {
    localId,
    idempotencyKey: kept.idempotencyKey,
    body: kept.body,
    phone: kept.body.phone,
    ...(kept.body.lineId !== undefined ? { lineId: kept.body.lineId } : {}),
    createdAt: kept.createdAt,
    state: error ? 'failed' : 'pending',
    accepted: false,
    ...(error ? { error } : {}),
    ...(kept.serverFloor !== undefined ? { serverFloor: kept.serverFloor } : {}),
  }
}
