// The kit's idempotency keys are made in one place, beside the send engine that reuses them on
// every retry; components that keep a key per composed message take theirs from there too.
export { newIdempotencyKey } from '../../provider/idempotencyKey'
