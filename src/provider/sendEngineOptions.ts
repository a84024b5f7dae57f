import type { Outbox } from './outbox'
import type { RetryPolicy } from './retryPolicy'
import type { OptimisticMessage, RestoredSend } from './sendTypes'

/** Options of `createSendEngine` (sendEngine.ts). */
export interface SendEngineOptions {
  retry?: Partial<RetryPolicy>
  /** Sleep between attempts (tests inject fake timers). */
  sleep?: (ms: number) => Promise<void>
  /**
   * Waits for the connection after a network failure, at most `ms` (tests inject it).
   * @default `sleep` when one was given, else a timer that ends early on the browser's `online` event
   */
  waitForNetwork?: (ms: number) => Promise<void>
  random?: () => number
  /** The clock of `wait.until`. @default Date.now */
  now?: () => number
  /** Key generator. @default newIdempotencyKey (`lk-` + crypto.randomUUID) */
  newKey?: () => string
  /** Called after the service accepted a send that no other send of its thread waits behind (the provider refetches the thread). */
  onAccepted?: (message: OptimisticMessage) => void
  /** How long a thread polls for an accepted send's record. @default 60000 */
  confirmTimeoutMs?: number
  /** Where sends waiting for the connection are kept across a reload (the provider's is the browser's). */
  outbox?: Outbox
  /**
   * Called when the service accepted a restored group send or reaction. True: nothing is left
   * for a component to do, the send is forgotten; else it stays `sent` until `cancelRestored`.
   */
  onRestoredAccepted?: (send: RestoredSend) => boolean
}
