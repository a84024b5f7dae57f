/**
 * The in-process control API for the dialer plan: an account's features, minutes and caps, and a
 * line's minutes, cap, inbound number and ring set (what the voice-token mint checks).
 * `handlers/dialerControlRoutes.ts` serves it at `/__mock/dialer`.
 */
import { findAccount, type AccountRef } from './accountRefs'
import { checkNumbers, controlLimits } from './controlLimits'
import type { MockState } from './mockState'
import type { Account } from './stateRecords'
import { requirePhone } from './phoneNumbers'
import { fail } from './serviceErrors'
import { lineCapped } from './voiceTokenMint'

/** The dialer plan standing of an account and one of its lines. */
export interface DialerInput extends AccountRef {
  paywalled?: boolean | undefined
  provisioned?: boolean | undefined
  configured?: boolean | undefined
  planReadable?: boolean | undefined
  dialerAddon?: boolean | undefined
  audioCall?: boolean | undefined
  includedMinutes?: number | undefined
  capMinutes?: number | null | undefined
  usedMinutes?: number | undefined
  /** Line to change (`lineUsedMinutes`, `lineCapMinutes`, `inboundNumber`, `ringSet`). */
  lineId?: string | undefined
  lineUsedMinutes?: number | undefined
  lineCapMinutes?: number | null | undefined
  inboundNumber?: string | null | undefined
  ringSet?: string[] | undefined
}

function dialerView(state: MockState, account: Account) {
  return {
    accountId: account.id,
    features: { ...account.features },
    dialer: { ...account.dialer },
    lines: account.lineIds.flatMap((id) => {
      const line = state.lines.get(id)
      if (!line) return []
      return [
        {
          lineId: line.lineId,
          usedMinutesToday: line.usedMinutesToday,
          dailyCapMinutes: line.dailyCapMinutes,
          capped: lineCapped(line),
          inboundNumber: line.inboundNumber,
          ringSet: [...line.ringSet],
          shared: line.shared,
          trial: line.trial,
          inboundOnly: line.inboundOnly,
          audioCallEnabled: line.audioCallEnabled,
        },
      ]
    }),
  }
}

/** `control.dialer`. */
export interface DialerControl {
  /** Plan standing of an account and its lines. */
  get(ref?: AccountRef): ReturnType<typeof dialerView>
  /** Changes the plan standing (features, minutes, caps, a line's inbound number / ring set). */
  set(input: DialerInput): ReturnType<typeof dialerView>
}

/** Creates `control.dialer` over `state`. */
export function createDialerControl(state: MockState): DialerControl {
  return {
    get: (ref) => dialerView(state, findAccount(state, ref)),
    set(input) {
      const minutes = ['includedMinutes', 'capMinutes', 'usedMinutes', 'lineUsedMinutes', 'lineCapMinutes'] as const
      checkNumbers(input, minutes, controlLimits.count)
      const acct = findAccount(state, input)
      const d = acct.dialer
      if (input.paywalled !== undefined) d.paywalled = input.paywalled
      if (input.provisioned !== undefined) d.provisioned = input.provisioned
      if (input.configured !== undefined) d.configured = input.configured
      if (input.planReadable !== undefined) d.planReadable = input.planReadable
      if (input.dialerAddon !== undefined) acct.features.dialerAddon = input.dialerAddon
      if (input.audioCall !== undefined) acct.features.audioCall = input.audioCall
      if (input.includedMinutes !== undefined) d.includedMinutes = input.includedMinutes
      if (input.capMinutes !== undefined) d.capMinutes = input.capMinutes
      if (input.usedMinutes !== undefined) d.usedMinutes = input.usedMinutes
      const touchesLine =
        input.lineUsedMinutes !== undefined ||
        input.lineCapMinutes !== undefined ||
        input.inboundNumber !== undefined ||
        input.ringSet !== undefined
      if (touchesLine) {
        const line = input.lineId === undefined ? undefined : state.lines.get(input.lineId)
        if (!line || line.accountId !== acct.id)
          throw fail(400, 'invalid_line_id', "lineId is not one of the account's lines")
        if (input.lineUsedMinutes !== undefined) line.usedMinutesToday = input.lineUsedMinutes
        if (input.lineCapMinutes !== undefined) line.dailyCapMinutes = input.lineCapMinutes
        if (input.inboundNumber !== undefined)
          line.inboundNumber = input.inboundNumber === null ? null : requirePhone(input.inboundNumber, 'inboundNumber')
        if (input.ringSet !== undefined) line.ringSet = [...input.ringSet]
      }
      return dialerView(state, acct)
    },
  }
}
