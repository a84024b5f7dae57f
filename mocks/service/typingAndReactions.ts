/**
 * What travels beside a message: the typing indicator and reactions, each a device step that can
 * fail. spec: POST /send-typing-indicator, POST /send-reaction.
 */
import { isReachable, requireOwnLine } from './common'
import { MESSAGE_HANDLE } from './messageReading'
import { fail } from './serviceErrors'
import { takeDeviceFault } from './faults'
import { requirePhone } from './phoneNumbers'
import type { MockState } from './mockState'
import type { Account } from './stateRecords'

/** Body of POST /send-typing-indicator. */
interface TypingInput {
  phoneNumber: string
  lineId?: string | undefined
}

/** POST /send-typing-indicator. */
export function sendTyping(state: MockState, account: Account, input: TypingInput) {
  const phone = requirePhone(input.phoneNumber, 'phoneNumber')
  const line = input.lineId === undefined ? undefined : requireOwnLine(state, account, input.lineId)
  // spec: the number must already have a conversation on the sending line; without lineId,
  // the line owning the existing conversation is used.
  const lineId = line ? line.lineId : account.lastLineByPhone.get(phone)
  const conversation = lineId === undefined ? undefined : account.conversations.get(`${lineId}|${phone}`)
  if (!conversation) {
    throw fail(
      400,
      'no_conversation',
      `${phone} has no conversation on ${line ? 'this line' : 'any of your lines'}`,
      'Send a message first; typing indicators need an existing conversation.',
    )
  }
  if (takeDeviceFault(state, 'sendTyping')) {
    return { status: 'ERROR' as const, number: phone, error_message: 'The device failed to send the typing indicator' }
  }
  if (!isReachable(state, phone)) {
    return {
      status: 'ERROR' as const,
      number: phone,
      error_message: 'Typing indicators are only supported on the native-chat channel',
    }
  }
  return { status: 'SENT' as const, number: phone, error_message: null }
}

/** Body of POST /send-reaction. */
interface ReactionInput {
  messageHandle: string
  reaction: string
  remove?: boolean | undefined
  partIndex?: number | undefined
}

/** POST /send-reaction. */
export function sendReaction(state: MockState, account: Account, input: ReactionInput) {
  const remove = input.remove ?? false
  const partIndex = input.partIndex ?? 0
  if (!MESSAGE_HANDLE.test(input.messageHandle)) {
    throw fail(
      400,
      'invalid_request',
      'messageHandle must start with pbm_',
      'Use a message_handle from GET /get-messages-api.',
    )
  }
  if (!Number.isInteger(partIndex) || partIndex < 0) {
    throw fail(400, 'invalid_request', 'partIndex must be an integer ≥ 0', 'Omit partIndex to react to the first part.')
  }
  const message = state.messagesByHandle.get(input.messageHandle)
  if (!message || message.accountId !== account.id) {
    throw fail(404, 'message_not_found', 'Message not found', 'Use a message_handle from your own messages list.')
  }
  const base = { messageHandle: input.messageHandle, reaction: input.reaction, remove }
  if (takeDeviceFault(state, 'sendReaction')) {
    return { status: 'ERROR' as const, ...base, error_message: 'The device failed to send the reaction' }
  }
  // spec: POST /send-reaction — SMS/RCS targets and outbound messages → ERROR in a 200.
  if (message.service !== 'nativechat') {
    return {
      status: 'ERROR' as const,
      ...base,
      error_message: 'Reactions are only supported on the native-chat channel',
    }
  }
  if (message.direction === 'outbound') {
    return { status: 'ERROR' as const, ...base, error_message: 'Reactions on outbound messages are not supported' }
  }
  const slot = `${partIndex}:${input.reaction}`
  if (remove) message.reactions.delete(slot)
  else message.reactions.add(slot)
  return { status: 'SENT' as const, ...base, error_message: null }
}
