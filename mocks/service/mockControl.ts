/**
 * The typed, in-process control API: everything only the outside world can do (reset, new
 * accounts, time, reachability, opt-outs and blocks, inbound messages, settings, faults), with
 * the parts for calls, call logs, the dialer plan, webhooks and the token issuers composed in.
 * `handlers/mockControlRoutes.ts` exposes the same operations over HTTP under `/__mock/*`.
 */
import { findAccount, type AccountRef } from './accountRefs'
import { createAccount, type CreatedAccount } from './accounts'
import { createCallControl, type CallControl } from './callControl'
import { createCallLogControl, type CallLogControl } from './callLogControl'
import { toRecord, type MessageRecord } from './common'
import { fail } from './serviceErrors'
import { checkedNumber, controlLimits } from './controlLimits'
import { createDialerControl, type DialerControl } from './dialerControl'
import { addFault, type FaultInput } from './faults'
import { toLineView, type LineView } from './phoneLines'
import { injectInbound, type InboundInput } from './inboundMessages'
import { requirePhone } from './phoneNumbers'
import { applySeed } from './seed'
import { clearState, type Fault, type MockEvent, type MockSettings, type MockState } from './mockState'
import { accountKinds, type Account, type AccountKind } from './stateRecords'
import { createTokenControl, type TokenControl } from './tokenControl'
import { createWebhookControl, type WebhookControl } from './webhookControl'
import { toFlowView } from './workflowRuns'

/** An account as the control API shows it. */
export interface AccountSummary {
  accountId: string
  kind: AccountKind
  name: string
  trial: boolean
  features: Account['features']
  dialer: Account['dialer']
  apiKeys: { key: string; legacy: boolean }[]
  lines: LineView[]
  flows: ReturnType<typeof toFlowView>[]
}

/** Number settings (`POST /__mock/numbers`). */
export interface NumberInput extends AccountRef {
  phone: string
  /** Native-chat reachability (global: it is a property of the number). */
  reachable?: boolean | undefined
  /** Opted out (for the account given, or for every account when none is given). */
  optedOut?: boolean | undefined
  /** Blocked (for the account given, or for every account when none is given). */
  blocked?: boolean | undefined
}

/** What `setNumber` reports back. */
export interface NumberView {
  phone: string
  reachable: boolean
  optedOut: boolean
  blocked: boolean
}

/** A serializable event (messages rendered as records). */
export type EventView = {
  type: string
  at: string
  accountId: string
  message?: MessageRecord
  [field: string]: unknown
}

/** The control API of calls, call logs, the dialer plan, webhooks, OAuth clients and mint faults. */
export interface CallsControl extends TokenControl {
  calls: CallControl
  callLogs: CallLogControl
  dialer: DialerControl
  webhooks: WebhookControl
}

/** The in-process control API. */
export interface MockControl extends CallsControl {
  /**
   * Restores the seed, clock included: the clock returns to its start (a manual clock to the
   * time it was created with, a flowing clock to wall time) and pending timed work is dropped;
   * seeded history is placed relative to that time.
   */
  reset(): void
  /** Every account with its keys, lines and flows. */
  accounts(): AccountSummary[]
  /** Creates an account of any kind; returns its key, lines and flows. */
  createAccount(input: { kind: AccountKind; name?: string | undefined }): AccountSummary
  /** The mock time. */
  clock(): { now: string }
  /** Moves the mock time forward (timers fire). */
  advanceClock(ms: number): { now: string }
  /** Jumps to a later time (earlier times are ignored). */
  setClock(time: string): { now: string }
  /** Sets reachability / opt-out / block of a number. */
  setNumber(input: NumberInput): NumberView
  /** Injects an inbound message (1:1 or into a group with `groupId`; any service incl. RCS). */
  injectInbound(input: InboundInput & AccountRef): MessageRecord
  /** Current settings. */
  settings(): MockSettings
  /** Changes some settings; returns all of them. */
  updateSettings(patch: Partial<MockSettings>): MockSettings
  /** Arms a fault for the next N requests to a path. */
  addFault(input: FaultInput): Fault
  /** Armed faults. */
  faults(): Fault[]
  /** Disarms every fault. */
  clearFaults(): void
  /** The last events (message.inbound / message.outbound …), oldest first. */
  events(): EventView[]
  /** Resolves an account reference (throws 404). */
  account(ref?: AccountRef): Account
}

function summarize(state: MockState, account: Account): AccountSummary {
  const apiKeys: { key: string; legacy: boolean }[] = []
  for (const k of state.apiKeys.values()) if (k.accountId === account.id) apiKeys.push({ key: k.key, legacy: k.legacy })
  return {
    accountId: account.id,
    kind: account.kind,
    name: account.name,
    trial: account.trial,
    features: { ...account.features },
    dialer: { ...account.dialer },
    apiKeys,
    lines: account.lineIds.flatMap((id) => {
      const line = state.lines.get(id)
      return line ? [toLineView(line)] : []
    }),
    flows: [...account.flows.values()].map(toFlowView),
  }
}

/** Seeds `state` from scratch (quietly: the seed publishes no events). */
export function resetState(state: MockState): void {
  clearState(state)
  state.quiet = true
  try {
    applySeed(state)
  } finally {
    state.quiet = false
  }
}

const stepHint = 'The clock moves at most a year per call; move it in several steps.'

/** Creates the control API over `state`; `reset` replaces the default reset (the core re-arms its timers there). */
export function createControl(state: MockState, options: { reset?: (() => void) | undefined } = {}): MockControl {
  const nowView = () => ({ now: state.clock.iso() })
  const account = (ref: AccountRef = {}): Account => findAccount(state, ref)
  return {
    reset:
      options.reset ??
      (() => {
        state.clock.rewind()
        resetState(state)
      }),
    accounts: () => [...state.accounts.values()].map((a) => summarize(state, a)),
    createAccount(input) {
      if (!(accountKinds as readonly string[]).includes(input.kind)) {
        throw fail(400, 'invalid_request', `kind must be one of ${accountKinds.join(', ')}`)
      }
      const created: CreatedAccount = createAccount(state, input.kind, { name: input.name })
      return summarize(state, state.accounts.get(created.accountId) as Account)
    },
    clock: nowView,
    advanceClock(ms) {
      state.clock.advance(checkedNumber(ms, 'ms', controlLimits.clockStepMs, { hint: stepHint }))
      return nowView()
    },
    setClock(time) {
      const target = typeof time === 'string' ? Date.parse(time) : Number.NaN
      if (Number.isNaN(target)) throw fail(400, 'invalid_request', 'now must be an ISO 8601 time')
      if (target - state.clock.now() > controlLimits.clockStepMs)
        throw fail(400, 'invalid_request', 'now must be at most a year after the mock time', stepHint)
      state.clock.set(target)
      return nowView()
    },
    setNumber(input) {
      const phone = requirePhone(input.phone, 'phone')
      const scoped = input.accountId !== undefined || input.apiKey !== undefined ? account(input) : undefined
      if (input.reachable !== undefined) state.reachability.set(phone, input.reachable)
      const toggle = (set: Set<string>, on: boolean | undefined) => {
        if (on === true) set.add(phone)
        if (on === false) set.delete(phone)
      }
      toggle(scoped ? scoped.optedOut : state.optedOut, input.optedOut)
      toggle(scoped ? scoped.blocked : state.blocked, input.blocked)
      const ref = scoped ?? account()
      return {
        phone,
        reachable: state.reachability.get(phone) ?? Number(phone.slice(-1)) % 2 === 0,
        optedOut: state.optedOut.has(phone) || ref.optedOut.has(phone),
        blocked: state.blocked.has(phone) || ref.blocked.has(phone),
      }
    },
    injectInbound(input) {
      state.clock.runDue()
      return injectInbound(state, account(input), input)
    },
    settings: () => ({ ...state.settings }),
    updateSettings(patch) {
      // Every value is checked before any is applied: a refused patch changes nothing.
      const changes: Record<string, number> = {}
      for (const key of Object.keys(patch) as (keyof MockSettings)[]) {
        if (!(key in state.settings)) throw fail(400, 'invalid_request', `Unknown setting ${String(key)}`)
        const max = key === 'latencyMs' ? controlLimits.latencyMs : controlLimits.durationMs
        changes[key] =
          key === 'rateLimitPerMinute'
            ? checkedNumber(patch[key], key, controlLimits.count, { integer: true })
            : checkedNumber(patch[key], key, max)
      }
      Object.assign(state.settings, changes)
      return { ...state.settings }
    },
    addFault: (input) => addFault(state, input),
    faults: () => state.faults.map((f) => ({ ...f })),
    clearFaults() {
      state.faults.length = 0
    },
    events() {
      const now = state.clock.now()
      return state.outbox.map((e: MockEvent) => {
        const { message, at, ...rest } = e as MockEvent & { message?: unknown }
        const view: EventView = { ...rest, at: new Date(at).toISOString() }
        if (message && typeof message === 'object' && 'handle' in message)
          view.message = toRecord(message as Parameters<typeof toRecord>[0], now)
        return view
      })
    },
    account,
    calls: createCallControl(state),
    callLogs: createCallLogControl(state),
    dialer: createDialerControl(state),
    webhooks: createWebhookControl(state),
    ...createTokenControl(state),
  }
}
