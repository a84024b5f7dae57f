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
 * The key of one user action: the same variables object (TanStack passes the same object to
 * every retry of a mutation) always gets the same key, so retries can never double-send.
 */
export function keyFor(variables: object): string {
  let key = keys.get(variables)
  if (!key) {
    key = newIdempotencyKey()
    keys.set(variables, key)
  }
  return key
}
