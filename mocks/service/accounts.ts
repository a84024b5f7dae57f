/**
 * Accounts of each kind, with their keys, lines and workflows. Used by the seed (fixed ids and
 * keys) and by the control API (`POST /__mock/accounts`, generated ids and keys).
 */
import { fail } from './serviceErrors'
import type { MockState } from './mockState'
import { newAccount, type Account, type AccountKind, type Flow, type FlowFirstStep, type Line } from './stateRecords'

/** A line to create (fixed parts of the seed, or defaults for generated accounts). */
interface LineSpec {
  lineId?: string
  phoneNumber?: string
  name: string
  shared?: boolean
  audioCallEnabled?: boolean
  inboundOnly?: boolean
  inboundNumber?: string | null
  ringSet?: string[]
  dailyCapMinutes?: number | null
  usedMinutesToday?: number
  trial?: boolean
}

/** A workflow to create. */
interface FlowSpec {
  flowId?: string
  name: string
  published: boolean
  firstStep: FlowFirstStep
}

/** Options of {@link createAccount}. */
interface CreateAccountOptions {
  id?: string
  name?: string
  apiKey?: string
  lines?: LineSpec[]
  flows?: FlowSpec[]
}

/** What the control API returns for a new account. */
export interface CreatedAccount {
  accountId: string
  kind: AccountKind
  apiKey: string
  lines: Line[]
  flows: Flow[]
}

const AREA_CODES = [
  '212',
  '213',
  '305',
  '312',
  '512',
  '617',
  '646',
  '702',
  '718',
  '720',
  '737',
  '773',
  '808',
  '917',
  '206',
  '303',
  '404',
  '503',
  '602',
]

/** A fictional, valid US number (555-01xx) not used by another line yet. */
function freshNumber(state: MockState): string {
  const used = new Set<string>()
  for (const line of state.lines.values()) used.add(line.phoneNumber)
  for (const area of AREA_CODES) {
    for (let i = 0; i < 100; i++) {
      const candidate = `+1${area}55501${String(i).padStart(2, '0')}`
      if (!used.has(candidate)) return candidate
    }
  }
  throw fail(400, 'no_numbers_left', 'The mock ran out of fictional phone numbers', 'Reset the mock.')
}

/** Default lines for each kind (the production kind gets one of each kind of line). */
function defaultLines(kind: AccountKind): LineSpec[] {
  const audio: LineSpec = {
    name: 'Main',
    audioCallEnabled: true,
    ringSet: ['owner@example.com'],
    dailyCapMinutes: null,
  }
  switch (kind) {
    case 'production':
      return [
        {
          ...audio,
          name: 'Main (calls + messages)',
          inboundNumber: 'self',
          ringSet: ['owner@example.com', 'agent@example.com'],
        },
        { name: 'Messaging only', audioCallEnabled: false },
        { name: 'Shared team line', shared: true, audioCallEnabled: true },
        {
          name: 'Inbound only',
          audioCallEnabled: true,
          inboundOnly: true,
          inboundNumber: 'self',
          ringSet: ['owner@example.com'],
        },
      ]
    case 'trial':
      return [{ name: 'Trial line', shared: true, trial: true, audioCallEnabled: false }]
    case 'noAudio':
      return [{ name: 'Messaging', audioCallEnabled: false }]
    case 'capped':
      return [
        { ...audio, name: 'Capped line', inboundNumber: 'self', dailyCapMinutes: 30, usedMinutesToday: 30 },
        { ...audio, name: 'Second line', dailyCapMinutes: null },
      ]
    default:
      return [{ ...audio, inboundNumber: 'self' }]
  }
}

/** Default workflows: published ones starting with a wait, a question and an action, plus an unpublished one. */
function defaultFlows(kind: AccountKind): FlowSpec[] {
  if (kind !== 'production' && kind !== 'crm') return [{ name: 'Welcome', published: true, firstStep: 'wait' }]
  return [
    { name: 'Drip: wait one day, then follow up', published: true, firstStep: 'wait' },
    { name: 'Qualify: ask a question', published: true, firstStep: 'question' },
    { name: 'Tag and notify', published: true, firstStep: 'action' },
    { name: 'Draft (unpublished)', published: false, firstStep: 'action' },
  ]
}

/** Applies the kind's features and plan to an account. */
function applyKind(account: Account, kind: AccountKind): void {
  const f = account.features
  const d = account.dialer
  switch (kind) {
    case 'trial':
      f.audioCall = false
      f.dialerAddon = false
      break
    case 'noAudio':
      f.audioCall = false
      f.dialerAddon = false
      break
    case 'crm':
      f.crmConnected = true
      break
    case 'paywalled':
      d.paywalled = true
      break
    case 'notProvisioned':
      d.provisioned = false
      break
    case 'capped':
      d.includedMinutes = 120
      d.capMinutes = 120
      d.usedMinutes = 120
      break
    default:
      break
  }
}

/** Creates an account of `kind` with its key, lines and workflows. */
export function createAccount(state: MockState, kind: AccountKind, options: CreateAccountOptions = {}): CreatedAccount {
  const id = options.id ?? `acct_${state.ids.token('', 12)}`
  if (state.accounts.has(id)) throw fail(409, 'account_exists', `Account ${id} already exists`)
  const account = newAccount(id, kind, options.name ?? `${kind} account`)
  applyKind(account, kind)
  state.accounts.set(id, account)

  const apiKey = options.apiKey ?? `lk_mock_${kind}_${state.ids.token('', 16)}`
  state.apiKeys.set(apiKey, { key: apiKey, accountId: id, legacy: kind === 'legacyKey', revoked: false })

  const lines: Line[] = []
  for (const spec of options.lines ?? defaultLines(kind)) {
    const phoneNumber = spec.phoneNumber ?? freshNumber(state)
    const line: Line = {
      lineId: spec.lineId ?? state.ids.uuid(),
      accountId: id,
      phoneNumber,
      name: spec.name,
      shared: spec.shared ?? false,
      audioCallEnabled: spec.audioCallEnabled ?? false,
      inboundOnly: spec.inboundOnly ?? false,
      inboundNumber: spec.inboundNumber === 'self' ? phoneNumber : (spec.inboundNumber ?? null),
      ringSet: spec.ringSet ?? [],
      dailyCapMinutes: spec.dailyCapMinutes ?? null,
      usedMinutesToday: spec.usedMinutesToday ?? 0,
      trial: spec.trial ?? false,
    }
    state.lines.set(line.lineId, line)
    account.lineIds.push(line.lineId)
    lines.push(line)
  }

  const flows: Flow[] = []
  for (const spec of options.flows ?? defaultFlows(kind)) {
    const flow: Flow = {
      flowId: spec.flowId ?? state.ids.uuid(),
      accountId: id,
      name: spec.name,
      published: spec.published,
      firstStep: spec.firstStep,
    }
    account.flows.set(flow.flowId, flow)
    flows.push(flow)
  }
  return { accountId: id, kind, apiKey, lines, flows }
}
