/**
 * Lines and native-chat availability. spec: GET /get-lines, POST /api-check-native-availability.
 * Line fields beyond lineId and the availability result are @assumed (src/api/ASSUMPTIONS.md).
 */
import { accountLines, isReachable } from './common'
import { requirePhone } from './phoneNumbers'
import type { MockState } from './mockState'
import type { Account, Line } from './stateRecords'

/** The public line object (@assumed fields). */
export interface LineView {
  lineId: string
  phoneNumber: string
  name: string
  shared: boolean
  audioCallEnabled: boolean
  inboundOnly: boolean
  inboundNumber: string | null
  ringSet: string[]
}

/** Renders a line. */
export function toLineView(line: Line): LineView {
  return {
    lineId: line.lineId,
    phoneNumber: line.phoneNumber,
    name: line.name,
    shared: line.shared,
    audioCallEnabled: line.audioCallEnabled,
    inboundOnly: line.inboundOnly,
    inboundNumber: line.inboundNumber,
    ringSet: [...line.ringSet],
  }
}

/** GET /get-lines: an array for production accounts, `{ trial: true, … }` for trial accounts. */
export function listLines(
  state: MockState,
  account: Account,
): LineView[] | { trial: true; message: string; lines: LineView[] } {
  const lines = accountLines(state, account).map(toLineView)
  if (account.trial) {
    return {
      trial: true,
      message: 'Trial account: messages are sent from the shared trial line; lineId cannot be chosen.',
      lines,
    }
  }
  return lines
}

/** POST /api-check-native-availability → `{ phone, available, service }` (@assumed shape). */
export function checkAvailability(state: MockState, _account: Account, input: { phone: string }) {
  const phone = requirePhone(input.phone, 'phone')
  const available = isReachable(state, phone)
  return { phone, available, service: available ? ('nativechat' as const) : ('SMS' as const) }
}
