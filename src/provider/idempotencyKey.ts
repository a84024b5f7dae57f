let seq = 0
/** A fresh idempotency key (1–200 characters; spec: POST /send-api-message idempotencyKey). */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto
  if (c?.randomUUID) return `lk-${c.randomUUID()}`
  seq += 1
  return `lk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${seq}`
}

const keys = new WeakMap<object, string>()

/**
 * The request of one user send with its idempotency key: the caller's own key when the body has
 * one, else a key of its own that the same body object always gets again. TanStack hands every
 * retry of a mutation the same variables object, and a replay (`mutate(mutation.variables)`)
 * passes it again: either way the service sees one key and sends at most once
 * (spec: POST /send-api-message, POST /send-group-message — idempotencyKey).
 */
export function withIdempotencyKey<B extends { idempotencyKey?: string | undefined }>(
  body: B,
): B & { idempotencyKey: string } {
  if (body.idempotencyKey !== undefined) return body as B & { idempotencyKey: string }
  let key = keys.get(body)
  if (!key) {
    key = newIdempotencyKey()
    keys.set(body, key)
  }
  return { ...body, idempotencyKey: key }
}
