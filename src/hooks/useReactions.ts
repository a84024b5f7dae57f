'use client'
import { useSyncExternalStore } from 'react'
import type { Reaction } from '../api/values'
import { reactionStore } from '../provider/reactionStore'

const none: readonly Reaction[] = []

/**
 * The tapbacks this user sent to a message and the service accepted (`useSendReaction` records
 * them). The contract has no list of reactions, so they are kept by the kit in this browser
 * (`localStorage`, followed across tabs).
 *
 * @example
 * const reactions = useReactions(message.message_handle) // ['love']
 */
export function useReactions(messageHandle: string): readonly Reaction[] {
  return useSyncExternalStore(
    reactionStore.subscribe,
    () => reactionStore.snapshot()[messageHandle] ?? none,
    () => none,
  )
}
