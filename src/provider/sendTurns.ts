import type { LinekitClient } from '../api'
import type { RetryPolicy } from './retryPolicy'
import { attemptInOrder, heldBy } from './sendAttempts'
import type { SendWait } from './sendTypes'
import { gateOf } from './wrapClient'

/** The error of a send the agent cancelled. */
const cancelled = () => new Error('discarded')

/** `run`, or a rejection as soon as `signal` aborts (a wait for the connection is not sat out). */
function untilAborted<T>(run: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(cancelled())
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled())
    signal.addEventListener('abort', onAbort, { once: true })
    run.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** What the turns share with the send engine: its retry policy and clocks. */
interface TurnOptions {
  policy: RetryPolicy
  sleep: (ms: number) => Promise<void>
  waitForNetwork: (ms: number) => Promise<void>
  random: (() => number) | undefined
  now: () => number
}

/**
 * The turns of the sends that are not 1:1 messages (group sends, reactions), per thread: the
 * send engine's `inTurn`.
 */
export function createTurns({ policy, sleep, waitForNetwork, random, now }: TurnOptions) {
  /** Per thread of other sends (groups): the end of its chain, and which failure ended a run of sends. */
  const turns = new Map<string, { tail: Promise<unknown>; epoch: number; failure?: unknown }>()
  /**
   * Runs `attempt` with the engine's retries in the thread's turn (sends that are not 1:1
   * messages: group sends). Rejects with the last failure. A send that fails for good also fails
   * the sends of its thread queued behind it, unsent (their error says so and carries its cause):
   * they have no item to hold them, so they go back to their caller rather than overtake it.
   */
  return <T>(
    lane: string,
    client: LinekitClient,
    attempt: () => Promise<T>,
    onWait: (wait: SendWait | undefined) => void = () => {},
    turnOptions: {
      /** Aborted by the agent's Cancel: no further attempt, and the thread's next send goes at once. */
      signal?: AbortSignal
      /** See `repeatable` of `attemptInOrder`. */
      repeatable?: boolean
    } = {},
  ): Promise<T> => {
    const { signal, repeatable } = turnOptions
    const turn = turns.get(lane) ?? { tail: Promise.resolve(), epoch: 0 }
    turns.set(lane, turn)
    const epoch = turn.epoch
    const run = turn.tail.then(async () => {
      if (signal?.aborted) throw cancelled()
      if (turn.epoch !== epoch) throw heldBy(turn.failure)
      const result = await attemptInOrder(attempt, {
        policy,
        sleep,
        waitForNetwork,
        random,
        now,
        gate: gateOf(client),
        live: () => !signal?.aborted,
        onWait,
        repeatable,
      })
      if (result.ok) return result.value
      // Cancelled: not a failure of the thread, its later sends go on.
      if ('discarded' in result) throw cancelled()
      if (turn.epoch === epoch) {
        turn.epoch += 1
        turn.failure = result.error
      }
      throw result.error
    })
    const settled = signal ? untilAborted(run, signal) : run
    const tail = settled.catch(() => undefined)
    turn.tail = tail
    void tail.then(() => {
      if (turns.get(lane)?.tail === tail) turns.delete(lane)
    })
    return settled
  }
}
