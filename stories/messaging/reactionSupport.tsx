/** Story helper: the newest inbound message from a number, via the public hooks. */
import { ReactionBar, useThread } from 'linekit'
import type { MessageRecord } from 'linekit/api'

export { ReactionBar }

export function useMessagesFirstInbound(phone: string): MessageRecord | undefined {
  const { items } = useThread({ phoneNumber: phone })
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const it = items[i]
    if (it?.kind === 'message' && it.message.direction === 'inbound') return it.message
  }
  return undefined
}
