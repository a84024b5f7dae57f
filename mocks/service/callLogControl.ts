/**
 * The in-process control API for dialer call logs: attempts as the dialer SDK places them (with a
 * voice token, or an account and line), their outcomes, and the list with pending dispositions.
 * `handlers/callLogControlRoutes.ts` serves it under `/__mock/call-logs*`.
 */
import { accountIdFilter, findAccount, type AccountRef } from './accountRefs'
import {
  callLogsOf,
  completeCallLog,
  recordAttempt,
  toCallLogView,
  type CallLogView,
  type CompleteCallLogInput,
} from './dialerCallLogs'
import type { MockState } from './mockState'
import { requirePhone } from './phoneNumbers'
import { fail } from './serviceErrors'
import { useVoiceToken } from './voiceTokenMint'

/** `control.callLogs`. */
export interface CallLogControl {
  /** A dialer attempt as the dialer SDK would place it: with a voice token, or an account + line. */
  record(input: AccountRef & { token?: string | undefined; lineId?: string | undefined; to: string }): CallLogView
  /** Completes an attempt with an outcome. */
  complete(id: string, input: CompleteCallLogInput): CallLogView
  /** Every call log with its pending disposition, newest first. */
  list(
    ref?: AccountRef,
  ): Array<CallLogView & { accountId: string; pendingDisposition: string | null; classifyAt: string | null }>
}

/** Creates `control.callLogs` over `state`. */
export function createCallLogControl(state: MockState): CallLogControl {
  return {
    record(input) {
      state.clock.runDue()
      const to = requirePhone(input.to, 'to')
      if (input.token !== undefined) {
        // spec: maxCallsPerToken, 15-minute lifetime — the simulated dialer SDK spends the token.
        const token = useVoiceToken(state, input.token)
        const acct = state.accounts.get(token.accountId)
        if (!acct) throw fail(404, 'account_not_found', "The token's account no longer exists")
        return toCallLogView(
          recordAttempt(state, acct, { lineId: token.lineId, to, token: token.token }),
          state.clock.now(),
        )
      }
      const acct = findAccount(state, input)
      const lineId = input.lineId ?? acct.lineIds.find((id) => state.lines.get(id)?.audioCallEnabled === true)
      if (lineId === undefined) throw fail(400, 'invalid_line_id', 'Pass lineId or token')
      return toCallLogView(recordAttempt(state, acct, { lineId, to }), state.clock.now())
    },
    complete(id, input) {
      state.clock.runDue()
      return toCallLogView(completeCallLog(state, id, input), state.clock.now())
    },
    list(ref) {
      state.clock.runDue()
      const accountId = accountIdFilter(state, ref)
      const now = state.clock.now()
      const out = []
      for (const entry of callLogsOf(state).values()) {
        if (accountId !== undefined && entry.accountId !== accountId) continue
        out.push({
          ...toCallLogView(entry, now),
          accountId: entry.accountId,
          pendingDisposition: entry.pendingDisposition,
          classifyAt: entry.classifyAt === null ? null : new Date(entry.classifyAt).toISOString(),
        })
      }
      return out.reverse()
    },
  }
}
