'use client'
import { useContext, useSyncExternalStore } from 'react'
import { LinekitContext } from '../../provider/context'
import type { RestoredSend } from '../../provider/sendTypes'

const none: readonly RestoredSend[] = []
const noSubscription = () => () => {}

/**
 * The group sends and reactions the provider restored after a reload that `match` picks, followed
 * live (they wait, go, are accepted or refused), and `cancel` to drop one (see the engine's
 * `cancelRestored`). Outside a provider: none, nothing is kept there.
 */
export function useRestoredSends(match: (send: RestoredSend) => boolean): {
  sends: RestoredSend[]
  cancel: (key: string) => void
} {
  const engine = useContext(LinekitContext)?.sendEngine
  const all = useSyncExternalStore(
    engine?.subscribe ?? noSubscription,
    () => engine?.getRestored() ?? none,
    () => none,
  )
  return { sends: all.filter(match), cancel: (key) => engine?.cancelRestored(key) }
}
