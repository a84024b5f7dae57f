/**
 * A typed driver for the mock service's control API (`/__mock/*`, see mocks/README.md).
 * Stories call it through the mock's in-process `fetch`; the playground calls the same API
 * over HTTP through its dev-only `/__mock` route. One file knows the control paths, so a
 * change in the mock is one edit here.
 */

import type { FaultInput } from '../../mocks/service/faults'

/** Options of {@link MockDriver.addFault}: the mock's own (a fault names its `endpoint`, or a `path`). */
export type { FaultInput }

/** Anything that answers a Request: the mock's in-process fetch, or `window.fetch`. */
export type FetchLike = (request: Request) => Promise<Response>

/** Kinds of accounts the mock can create (mocks/service/stateRecords.ts `accountKinds`). */
export type MockAccountKind =
  'production' | 'trial' | 'noAudio' | 'crm' | 'legacyKey' | 'paywalled' | 'notProvisioned' | 'capped'

/** A line as the control API describes it (only `lineId` is guaranteed). */
export interface MockLine {
  lineId: string
  phoneNumber?: string
  name?: string
  shared?: boolean
  audioCallEnabled?: boolean
  inboundOnly?: boolean
  inboundNumber?: string | null
  [field: string]: unknown
}

/** An account as the control API shows it (mocks/service/mockControl.ts `AccountSummary`). */
export interface MockAccount {
  accountId: string
  kind: string
  name?: string
  trial?: boolean
  apiKeys: { key: string; legacy: boolean }[]
  lines: MockLine[]
  flows?: { flowId: string; name?: string; published?: boolean }[]
  [field: string]: unknown
}

/** Which account a control call acts on (default: the seeded production account). */
export interface AccountRef {
  accountId?: string
  apiKey?: string
}

/** Options of {@link MockDriver.injectInboundMessage}. */
export interface InboundMessageInput {
  /** The sender (any format; the mock normalizes it). */
  from: string
  /** Text of the message. */
  message: string
  /** Line that receives it; the account's first line when omitted. */
  lineId?: string
  /** Channel of the message. @default 'nativechat' */
  service?: 'nativechat' | 'SMS' | 'RCS'
  /** Group thread (`pbg_…`) it belongs to, for replies in a group. */
  groupId?: string
}

/** Options of {@link MockDriver.ringInboundCall}. */
export interface InboundCallInput {
  from: string
  /** An audio-call-enabled line with an inbound number. */
  lineId: string
}

/** Settings of the mock (mocks/service/mockState.ts `MockSettings`). */
export interface MockSettingsInput {
  latencyMs?: number
  sendProcessingMs?: number
  deliveryMs?: number
  groupCreatingMs?: number
  rateLimitPerMinute?: number
}

/** Terminal states of an inbound call (spec: Inbound audio call). */
export type CallEndStatus = 'ended' | 'declined' | 'no_answer' | 'voicemail' | 'busy' | 'failed'

/** The control API, typed. Every method throws {@link MockControlError} on a non-2xx answer. */
export interface MockDriver {
  /** The account this driver acts on. */
  readonly account: AccountRef
  /** The same driver acting on another account. */
  forAccount(account: AccountRef): MockDriver
  reset(): Promise<void>
  accounts(): Promise<MockAccount[]>
  createAccount(kind: MockAccountKind): Promise<MockAccount>
  now(): Promise<number>
  advanceClock(ms: number): Promise<number>
  setReachable(phone: string, reachable: boolean): Promise<void>
  injectInboundMessage(input: InboundMessageInput): Promise<unknown>
  ringInboundCall(input: InboundCallInput): Promise<{ callUuid: string }>
  answerCallElsewhere(callUuid: string): Promise<void>
  endCall(callUuid: string, status?: CallEndStatus): Promise<void>
  /** The caller hangs up while it rings. */
  callerHangsUp(callUuid: string): Promise<void>
  /** Call behaviour: outbound rtc, auto-answer delay of outbound calls, ring timeout, classification delay. */
  setCallSettings(settings: {
    outboundRtc?: boolean
    outboundAnswerMs?: number
    ringTimeoutMs?: number
    classifyMs?: number
  }): Promise<void>
  /** Outbound dialer call logs of the account (control view). */
  callLogs(): Promise<Record<string, unknown>[]>
  /** Completes an outbound call with an outcome (answered with duration and transcript, voicemail, busy…). */
  completeCallLog(
    id: string,
    outcome: {
      outcome: string
      durationSeconds?: number
      transcript?: string | null
      recorded?: boolean
      disposition?: string
    },
  ): Promise<void>
  addFault(input: FaultInput): Promise<void>
  clearFaults(): Promise<void>
  setSettings(settings: MockSettingsInput): Promise<void>
  configureWebhook(input: { url: string; inbound?: boolean; outbound?: boolean; audioCalls?: boolean }): Promise<void>
  /** Raw access for anything not wrapped yet. */
  call(method: string, path: string, body?: unknown): Promise<unknown>
}

/** A non-2xx answer of the control API. */
export class MockControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    path: string,
  ) {
    super(`mock control ${path} answered ${status}: ${JSON.stringify(body)}`)
    this.name = 'MockControlError'
  }
}

/**
 * Creates a driver over `fetch`. `origin` is where `/__mock` lives: any host for the
 * in-process mock (it answers every host), the page's origin in the playground.
 */
export function createMockDriver(
  fetch: FetchLike,
  origin = 'http://mock.linekit.test',
  account: AccountRef = {},
): MockDriver {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const url = new URL(`/__mock${path}`, origin).toString()
    const response = await fetch(
      new Request(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // keep the text: the error message shows it
    }
    if (!response.ok) throw new MockControlError(response.status, parsed, path)
    return parsed
  }
  const post = (path: string, body?: unknown) => call('POST', path, body ?? {})
  /** Adds the account reference to bodies of account-scoped calls. */
  const scoped = <T extends object>(body: T) => ({ ...account, ...body })
  const time = (view: unknown) => Date.parse((view as { now: string }).now)

  return {
    account,
    forAccount: (ref) => createMockDriver(fetch, origin, ref),
    call,
    reset: async () => void (await post('/reset')),
    accounts: async () => {
      const result = (await call('GET', '/accounts')) as MockAccount[] | { accounts: MockAccount[] }
      return Array.isArray(result) ? result : result.accounts
    },
    createAccount: async (kind) => (await post('/accounts', { kind })) as MockAccount,
    now: async () => time(await call('GET', '/clock')),
    advanceClock: async (ms) => time(await post('/clock/advance', { ms })),
    setReachable: async (phone, reachable) => void (await post('/numbers', { phone, reachable })),
    injectInboundMessage: (input) => post('/inbound', scoped(input)),
    ringInboundCall: async (input) => {
      const result = (await post('/calls/inbound', scoped(input))) as { call: { call_uuid: string } }
      return { callUuid: result.call.call_uuid }
    },
    answerCallElsewhere: async (callUuid) =>
      void (await post(`/calls/${encodeURIComponent(callUuid)}/answer-elsewhere`)),
    callerHangsUp: async (callUuid) => void (await post(`/calls/${encodeURIComponent(callUuid)}/caller-hangup`)),
    setCallSettings: async (settings) => void (await post('/calls/settings', settings)),
    callLogs: async () =>
      (
        (await call('GET', `/call-logs?${new URLSearchParams(account as Record<string, string>)}`)) as {
          callLogs: Record<string, unknown>[]
        }
      ).callLogs,
    completeCallLog: async (id, outcome) => void (await post(`/call-logs/${encodeURIComponent(id)}/complete`, outcome)),
    endCall: async (callUuid, status = 'ended') =>
      void (await post(`/calls/${encodeURIComponent(callUuid)}/end`, { status })),
    addFault: async (input) => void (await post('/faults', input)),
    clearFaults: async () => void (await call('DELETE', '/faults')),
    setSettings: async (settings) => void (await post('/settings', settings)),
    configureWebhook: async (input) => void (await post('/webhooks', scoped(input))),
  }
}
