/**
 * The in-process control API for calls, call logs, the dialer plan, webhooks, OAuth clients and
 * mint faults. `createControl` spreads it into the control object;
 * `handlers/controlCalls.ts` exposes the same operations under `/__mock/*`.
 */
import type { InboundCallEndStatus } from '../../src/api/enums'
import {
  completeCallLog,
  recordAttempt,
  callLogsOf,
  toCallLogView,
  type CallLogView,
  type CompleteCallLogInput,
} from './dialerCallLogs'
import {
  answerElsewhere,
  callerHangsUp,
  callSettings,
  endCallAs,
  injectInboundCall,
  listCalls,
  repeatRingingSignal,
  toCallStatus,
  type CallStatusView,
} from './audioCalls'
import { checkedNumber, controlLimits } from './controlLimits'
import { fail } from './serviceErrors'
import { addFault } from './faults'
import { lineCapped, useVoiceToken } from './voiceTokenMint'
import { createOAuthClient, oauthClients, type OAuthClient } from './identityProvider'
import { requirePhone } from './phoneNumbers'
import type { Account, Fault, MockState } from './mockState'
import {
  createWebhook,
  deleteWebhook,
  getWebhookDispatcher,
  listDeliveries,
  toWebhookView,
  webhooksOf,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookSender,
} from './webhookDelivery'

/** Selects an account (same rules as the rest of the control API). */
export interface CallsAccountRef {
  accountId?: string | undefined
  apiKey?: string | undefined
}

/** Call-related settings, with their defaults applied. */
export interface CallSettingsView {
  /** Outbound start returns rtc credentials (false → `rtc: null`). @default true */
  outboundRtc: boolean
  /** Mock ms until the callee answers an outbound call (0 = only through the control API). @default 3000 */
  outboundAnswerMs: number
  /** Mock ms an inbound call rings before it ends as `no_answer` (0 = forever). @default 60000 */
  ringTimeoutMs: number
  /** Mock ms before a completed call log gets its disposition. @default 30000 */
  classifyMs: number
}

/** The dialer plan standing of an account and one of its lines. */
export interface DialerInput extends CallsAccountRef {
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

/** Kinds of mint faults (`POST /__mock/faults/mint`). */
export const mintFaultKinds = ['proxy502', 'proxy503', 'unavailable', 'internal'] as const
export type MintFaultKind = (typeof mintFaultKinds)[number]

/** The issue-5 part of the control API. */
export interface CallsControl {
  calls: {
    /** An inbound call starts ringing (default line: the account's first audio-call-enabled line). */
    inbound(
      input: CallsAccountRef & {
        lineId?: string | undefined
        from: string
        ringingRtc?: boolean | undefined
        answerRtc?: boolean | undefined
      },
    ): CallStatusView
    /** Every call, newest first. */
    list(ref?: CallsAccountRef): ReturnType<typeof listCalls>
    /** The device repeats the ringing signal (no second ringing event). */
    ring(callUuid: string): CallStatusView
    /** Answered elsewhere (mobile or web app); for outbound calls, the callee picks up. */
    answerElsewhere(callUuid: string): CallStatusView
    /** The caller hangs up without the device reporting it (decline still succeeds). */
    callerHangup(callUuid: string): CallStatusView
    /** The call reaches a terminal state. @default status 'ended' */
    end(callUuid: string, status?: InboundCallEndStatus): CallStatusView
    settings(): CallSettingsView
    updateSettings(patch: Partial<CallSettingsView>): CallSettingsView
  }
  callLogs: {
    /** A dialer attempt as the dialer SDK would place it: with a voice token, or an account + line. */
    record(
      input: CallsAccountRef & { token?: string | undefined; lineId?: string | undefined; to: string },
    ): CallLogView
    /** Completes an attempt with an outcome. */
    complete(id: string, input: CompleteCallLogInput): CallLogView
    /** Every call log with its pending disposition, newest first. */
    list(
      ref?: CallsAccountRef,
    ): Array<CallLogView & { accountId: string; pendingDisposition: string | null; classifyAt: string | null }>
  }
  dialer: {
    /** Plan standing of an account and its lines. */
    get(ref?: CallsAccountRef): ReturnType<typeof dialerView>
    /** Changes the plan standing (features, minutes, caps, a line's inbound number / ring set). */
    set(input: DialerInput): ReturnType<typeof dialerView>
  }
  webhooks: {
    create(input: CallsAccountRef & Omit<WebhookInput, 'accountId'>): ReturnType<typeof toWebhookView>
    list(ref?: CallsAccountRef): ReturnType<typeof toWebhookView>[]
    remove(id: string): void
    /** Waits for deliveries in flight, then lists them (oldest first). */
    deliveries(filter?: CallsAccountRef & { webhookId?: string | undefined }): Promise<WebhookDelivery[]>
    /** Waits for deliveries in flight. */
    flush(): Promise<void>
    /** Replaces the sender (in-process). */
    setSender(sender: WebhookSender): void
    /** Sends a test payload. */
    test(id: string): Promise<WebhookDelivery>
  }
  oauth: {
    /** Registers a client-credentials client for an account. */
    createClient(ref?: CallsAccountRef & { scopes?: string[] | undefined }): OAuthClient
    clients(): OAuthClient[]
  }
  /** Arms a mint fault: a proxy's non-JSON 502/503, or the mint's own 503/500. */
  mintFault(input: { kind: MintFaultKind; count?: number | undefined }): Fault
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

/** Checks the numbers of a patch before any is applied (a refused patch changes nothing). */
function checkNumbers<K extends string>(
  patch: Partial<Record<K, number | null | undefined>>,
  fields: readonly K[],
  max: number,
): void {
  for (const field of fields) {
    const value = patch[field]
    if (value !== undefined && value !== null) checkedNumber(value, field, max)
  }
}

/** Creates the issue-5 control API; `account` resolves references like the rest of the control API. */
export function createCallsControl(state: MockState, account: (ref?: CallsAccountRef) => Account): CallsControl {
  const dispatcher = () => {
    const d = getWebhookDispatcher(state)
    if (!d) throw fail(500, 'internal_error', 'Webhooks are not attached to this mock state')
    return d
  }
  const status = (uuid: string, fn: (s: MockState, u: string) => Parameters<typeof toCallStatus>[0]) => {
    state.clock.runDue()
    return toCallStatus(fn(state, uuid))
  }
  const readSettings = (): CallSettingsView => {
    const c = callSettings(state.settings)
    return {
      outboundRtc: c.outboundRtc,
      outboundAnswerMs: c.outboundAnswerMs,
      ringTimeoutMs: c.ringTimeoutMs,
      classifyMs: Math.max(0, state.settings.callLogClassifyMs ?? 30_000),
    }
  }
  return {
    calls: {
      inbound(input) {
        state.clock.runDue()
        const acct = account(input)
        const lineId =
          input.lineId ??
          acct.lineIds.find((id) => {
            const line = state.lines.get(id)
            return line?.audioCallEnabled === true && !line.shared
          })
        if (lineId === undefined)
          throw fail(400, 'invalid_line_id', 'The account has no audio-call-enabled line', 'Pass lineId.')
        return toCallStatus(
          injectInboundCall(state, acct, {
            lineId,
            from: input.from,
            ringingRtc: input.ringingRtc,
            answerRtc: input.answerRtc,
          }),
        )
      },
      list(ref) {
        state.clock.runDue()
        return listCalls(
          state,
          ref && (ref.accountId !== undefined || ref.apiKey !== undefined) ? account(ref).id : undefined,
        )
      },
      ring: (uuid) => status(uuid, repeatRingingSignal),
      answerElsewhere: (uuid) => status(uuid, answerElsewhere),
      callerHangup: (uuid) => status(uuid, callerHangsUp),
      end: (uuid, endStatus) => status(uuid, (s, u) => endCallAs(s, u, endStatus)),
      settings: readSettings,
      updateSettings(patch) {
        checkNumbers(patch, ['outboundAnswerMs', 'ringTimeoutMs', 'classifyMs'], controlLimits.durationMs)
        if (patch.outboundRtc !== undefined) state.settings.callOutboundRtc = patch.outboundRtc
        if (patch.outboundAnswerMs !== undefined) state.settings.callOutboundAnswerMs = patch.outboundAnswerMs
        if (patch.ringTimeoutMs !== undefined) state.settings.callRingTimeoutMs = patch.ringTimeoutMs
        if (patch.classifyMs !== undefined) state.settings.callLogClassifyMs = patch.classifyMs
        return readSettings()
      },
    },
    callLogs: {
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
        const acct = account(input)
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
        const accountId = ref && (ref.accountId !== undefined || ref.apiKey !== undefined) ? account(ref).id : undefined
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
    },
    dialer: {
      get: (ref) => dialerView(state, account(ref)),
      set(input) {
        const minutes = ['includedMinutes', 'capMinutes', 'usedMinutes', 'lineUsedMinutes', 'lineCapMinutes'] as const
        checkNumbers(input, minutes, controlLimits.count)
        const acct = account(input)
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
            line.inboundNumber =
              input.inboundNumber === null ? null : requirePhone(input.inboundNumber, 'inboundNumber')
          if (input.ringSet !== undefined) line.ringSet = [...input.ringSet]
        }
        return dialerView(state, acct)
      },
    },
    webhooks: {
      create(input) {
        const acct = account(input)
        return toWebhookView(
          createWebhook(state, {
            accountId: acct.id,
            url: input.url,
            inbound: input.inbound,
            outbound: input.outbound,
            audioCalls: input.audioCalls,
            crm: input.crm,
          }),
        )
      },
      list(ref) {
        const accountId = ref && (ref.accountId !== undefined || ref.apiKey !== undefined) ? account(ref).id : undefined
        return [...webhooksOf(state).values()]
          .filter((w) => accountId === undefined || w.accountId === accountId)
          .map(toWebhookView)
      },
      remove(id) {
        if (!deleteWebhook(state, id)) throw fail(404, 'webhook_not_found', 'Unknown webhook')
      },
      async deliveries(filter = {}) {
        await dispatcher().flush()
        const accountId = filter.accountId !== undefined || filter.apiKey !== undefined ? account(filter).id : undefined
        return listDeliveries(state, { accountId, webhookId: filter.webhookId })
      },
      flush: () => dispatcher().flush(),
      setSender: (sender) => dispatcher().setSender(sender),
      test: (id) => dispatcher().test(id),
    },
    oauth: {
      createClient(ref = {}) {
        return createOAuthClient(state, account(ref).id, ref.scopes)
      },
      clients: () => [...oauthClients(state).values()],
    },
    mintFault(input) {
      const count = input.count
      const path = '/api/v1/dialer/token'
      switch (input.kind) {
        case 'proxy502':
          return addFault(state, {
            path,
            method: 'POST',
            status: 502,
            count,
            text: '<html><body><h1>502 Bad Gateway</h1></body></html>',
          })
        case 'proxy503':
          return addFault(state, {
            path,
            method: 'POST',
            status: 503,
            count,
            text: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
          })
        case 'unavailable':
          return addFault(state, {
            path,
            method: 'POST',
            status: 503,
            count,
            body: { error: 'The dialer is temporarily unavailable; retry with backoff', code: 'dialer_unavailable' },
          })
        case 'internal':
          return addFault(state, {
            path,
            method: 'POST',
            status: 500,
            count,
            body: { error: 'Internal error', code: 'internal_error' },
          })
        default:
          throw fail(400, 'invalid_request', `kind must be one of ${mintFaultKinds.join(', ')}`)
      }
    },
  }
}
