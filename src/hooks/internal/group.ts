import type { MessageRecord } from '../../api'

/**
 * Whether a record belongs to a group thread. The contract shows the group's chat identifier
 * (begins `chat`) as the `to_number` of outbound group messages, and does not show how an
 * inbound group reply is marked (spec: Message record — from_number, to_number). Our choice,
 * made from what is shown: a record of either direction whose `to_number` begins `chat` is a
 * group message, and `to_number` is its thread; an inbound reply's `from_number` is the
 * participant who wrote it. A 1:1 record's `to_number` is always an E.164 number (`+…`), so the
 * test cannot mistake one for the other.
 */
export function isGroupMessage(m: Pick<MessageRecord, 'to_number'>): boolean {
  return /^chat/i.test(m.to_number.trim())
}
