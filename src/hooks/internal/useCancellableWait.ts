'use client'
import { useCallback, useState } from 'react'
import type { SendWait } from '../../provider/sendTypes'

/**
 * What a send hook over the engine's turns (group sends, reactions) adds to its mutation: why the
 * send in progress waits, heard through `onWait`, and the agent's Cancel of what waits. `signal`
 * goes to the mutation options; `cancel(reset)` aborts it (no further attempt is made, an attempt
 * on its way is aborted), takes a fresh one for the next send and forgets the wait.
 */
export function useCancellableWait(): {
  wait: SendWait | null
  onWait: (wait: SendWait | null) => void
  signal: AbortSignal
  cancel: (reset: () => void) => void
} {
  const [wait, setWait] = useState<SendWait | null>(null)
  const [cancels, setCancels] = useState(() => new AbortController())
  const cancel = useCallback(
    (reset: () => void) => {
      cancels.abort()
      setCancels(new AbortController())
      setWait(null)
      reset()
    },
    [cancels],
  )
  return { wait, onWait: setWait, signal: cancels.signal, cancel }
}
