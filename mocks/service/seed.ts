/**
 * The documented seed (mocks/README.md): fixed accounts, API keys, lines, workflows, contacts
 * and a short message history, placed relative to the clock's time at reset.
 */
import { createAccount } from './accounts'
import { storeMessage } from './common'
import { upsertContact } from './nativeContacts'
import type { MockState } from './mockState'
import type { Account, AccountKind, Group } from './stateRecords'

/** The fixed API keys of the seeded accounts. */
export const seedKeys = {
  production: 'lk_mock_production',
  trial: 'lk_mock_trial',
  noAudio: 'lk_mock_no_audio',
  crm: 'lk_mock_crm',
  legacyKey: 'lk_mock_legacy',
  paywalled: 'lk_mock_paywalled',
  notProvisioned: 'lk_mock_not_provisioned',
  capped: 'lk_mock_capped',
} as const satisfies Record<AccountKind, string>

/** Fixed OAuth access tokens of the production account (one with scope `mcp`, one without). */
export const seedAccessTokens = {
  mcp: 'lk_mock_oauth_mcp',
  noMcp: 'lk_mock_oauth_profile',
} as const

/** Fixed account ids. */
export const seedAccountIds = {
  production: 'acct_production',
  trial: 'acct_trial',
  noAudio: 'acct_no_audio',
  crm: 'acct_crm',
  legacyKey: 'acct_legacy',
  paywalled: 'acct_paywalled',
  notProvisioned: 'acct_not_provisioned',
  capped: 'acct_capped',
} as const satisfies Record<AccountKind, string>

/** Fixed line ids and numbers of the production account. */
export const seedLines = {
  /** Audio-call enabled, inbound number, ring set of two. */
  main: { lineId: '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d', phoneNumber: '+14155550100' },
  /** Messaging only (no audio calls). */
  messaging: { lineId: '7a1d2e3f-4b5c-4d6e-8f70-1a2b3c4d5e6f', phoneNumber: '+14155550101' },
  /** Shared line (mint refuses shared lines). */
  shared: { lineId: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e', phoneNumber: '+14155550102' },
  /** Inbound-only for calls (messages still flow). */
  inboundOnly: { lineId: 'c4d5e6f7-0a1b-4c2d-9e3f-4a5b6c7d8e9f', phoneNumber: '+14155550103' },
} as const

/** Fixed line ids of the other seeded accounts (one line each; `capped` has two). */
export const seedOtherLines = {
  trial: { lineId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', phoneNumber: '+14155550110' },
  noAudio: { lineId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', phoneNumber: '+14155550111' },
  crm: { lineId: '3c4d5e6f-7a8b-4c9d-ae0f-2a3b4c5d6e7f', phoneNumber: '+14155550112' },
  legacyKey: { lineId: '4d5e6f7a-8b9c-4d0e-bf1a-3b4c5d6e7f8a', phoneNumber: '+14155550113' },
  paywalled: { lineId: '5e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8a9b', phoneNumber: '+14155550114' },
  notProvisioned: { lineId: '6f7a8b9c-0d1e-4f2a-9b3c-5d6e7f8a9b0c', phoneNumber: '+14155550115' },
  capped: { lineId: '7a8b9c0d-1e2f-4a3b-ac4d-6e7f8a9b0c1d', phoneNumber: '+14155550116' },
  cappedSecond: { lineId: '8b9c0d1e-2f3a-4b4c-bd5e-7f8a9b0c1d2e', phoneNumber: '+14155550117' },
} as const

/** Fixed workflow ids of the production account. */
export const seedFlows = {
  wait: '0f1e2d3c-4b5a-4968-8776-655443322110',
  question: '1e2d3c4b-5a69-4877-9665-544332211009',
  action: '2d3c4b5a-6978-4766-a554-433221100998',
  unpublished: '3c4b5a69-7887-4655-b443-322110099887',
} as const

/** People in the seeded history (even last digit → native-chat reachable by default). */
export const seedContacts = {
  ava: '+14155550124',
  ben: '+14155550137',
  cara: '+14155550146',
  dan: '+14155550152',
  eve: '+14155550163',
  /** Opted out on the production account. */
  optedOut: '+14155550198',
  /** Blocked on the production account. */
  blocked: '+14155550196',
} as const

const MIN = 60_000

/** Fills an empty state with the seed. */
export function applySeed(state: MockState): void {
  const now = state.clock.now()
  const l = seedLines
  createAccount(state, 'production', {
    id: seedAccountIds.production,
    name: 'Acme Production',
    apiKey: seedKeys.production,
    lines: [
      {
        ...l.main,
        name: 'Main (calls + messages)',
        audioCallEnabled: true,
        inboundNumber: l.main.phoneNumber,
        ringSet: ['owner@acme.test', 'agent@acme.test'],
      },
      { ...l.messaging, name: 'Messaging only' },
      { ...l.shared, name: 'Shared team line', shared: true, audioCallEnabled: true, ringSet: ['agent@acme.test'] },
      {
        ...l.inboundOnly,
        name: 'Inbound only',
        audioCallEnabled: true,
        inboundOnly: true,
        inboundNumber: l.inboundOnly.phoneNumber,
        ringSet: ['owner@acme.test'],
      },
    ],
    flows: [
      { flowId: seedFlows.wait, name: 'Drip: wait one day, then follow up', published: true, firstStep: 'wait' },
      { flowId: seedFlows.question, name: 'Qualify: ask a question', published: true, firstStep: 'question' },
      { flowId: seedFlows.action, name: 'Tag and notify', published: true, firstStep: 'action' },
      { flowId: seedFlows.unpublished, name: 'Draft (unpublished)', published: false, firstStep: 'action' },
    ],
  })
  const o = seedOtherLines
  const audio = (line: { lineId: string; phoneNumber: string }, name = 'Main') => ({
    ...line,
    name,
    audioCallEnabled: true,
    inboundNumber: line.phoneNumber,
    ringSet: ['owner@example.test'],
  })
  createAccount(state, 'trial', {
    id: seedAccountIds.trial,
    name: 'Trial Co',
    apiKey: seedKeys.trial,
    lines: [{ ...o.trial, name: 'Trial line', shared: true, trial: true }],
    flows: [],
  })
  createAccount(state, 'noAudio', {
    id: seedAccountIds.noAudio,
    name: 'Textonly Inc',
    apiKey: seedKeys.noAudio,
    lines: [{ ...o.noAudio, name: 'Messaging' }],
  })
  createAccount(state, 'crm', {
    id: seedAccountIds.crm,
    name: 'CRM Connected LLC',
    apiKey: seedKeys.crm,
    lines: [audio(o.crm)],
  })
  createAccount(state, 'legacyKey', {
    id: seedAccountIds.legacyKey,
    name: 'Legacy Key Ltd',
    apiKey: seedKeys.legacyKey,
    lines: [audio(o.legacyKey)],
  })
  createAccount(state, 'paywalled', {
    id: seedAccountIds.paywalled,
    name: 'Past Due GmbH',
    apiKey: seedKeys.paywalled,
    lines: [audio(o.paywalled)],
  })
  createAccount(state, 'notProvisioned', {
    id: seedAccountIds.notProvisioned,
    name: 'Pending Registration SA',
    apiKey: seedKeys.notProvisioned,
    lines: [audio(o.notProvisioned)],
  })
  createAccount(state, 'capped', {
    id: seedAccountIds.capped,
    name: 'Minutes Used Up Co',
    apiKey: seedKeys.capped,
    lines: [
      { ...audio(o.capped, 'Capped line'), dailyCapMinutes: 30, usedMinutesToday: 30 },
      { ...audio(o.cappedSecond, 'Second line') },
    ],
  })

  state.accessTokens.set(seedAccessTokens.mcp, {
    token: seedAccessTokens.mcp,
    accountId: seedAccountIds.production,
    scopes: ['mcp'],
    expiresAt: null,
  })
  state.accessTokens.set(seedAccessTokens.noMcp, {
    token: seedAccessTokens.noMcp,
    accountId: seedAccountIds.production,
    scopes: ['profile'],
    expiresAt: null,
  })

  const account = state.accounts.get(seedAccountIds.production) as Account
  const c = seedContacts
  account.optedOut.add(c.optedOut)
  account.blocked.add(c.blocked)
  upsertContact(state, account, c.ava, {
    firstName: 'Ava',
    lastName: 'Stone',
    email: 'ava@example.test',
    customFields: { tier: 'gold' },
  })
  upsertContact(state, account, c.ben, { firstName: 'Ben', lastName: 'Ortiz' })
  upsertContact(state, account, c.cara, { firstName: 'Cara' })

  const msg = (
    minutesAgo: number,
    direction: 'inbound' | 'outbound',
    line: { lineId: string; phoneNumber: string },
    other: string,
    content: string,
    service: 'nativechat' | 'SMS' | 'RCS',
    groupId: string | null = null,
    to?: string,
  ) => {
    const t = now - minutesAgo * MIN
    storeMessage(state, account, {
      content,
      from_number: direction === 'outbound' ? line.phoneNumber : other,
      to_number: to ?? (direction === 'outbound' ? other : line.phoneNumber),
      line_id: line.lineId,
      service,
      direction,
      createdAt: t,
      sentAt: t,
      deliveredAt: t,
      media_attachment_url: null,
      voice_attachment_url: null,
      groupId,
    })
  }
  msg(180, 'outbound', l.main, c.ava, 'Hi Ava, your order has shipped.', 'nativechat')
  msg(170, 'inbound', l.main, c.ava, 'Thanks! When will it arrive?', 'nativechat')
  msg(160, 'outbound', l.main, c.ava, 'Tomorrow before 5pm.', 'nativechat')
  msg(120, 'inbound', l.messaging, c.ben, 'Is the store open on Sunday?', 'SMS')
  msg(115, 'outbound', l.messaging, c.ben, 'Yes, 10am to 4pm.', 'SMS')
  msg(60, 'inbound', l.shared, c.eve, 'Can I reschedule my appointment?', 'RCS')

  const participants = [c.ava, c.cara, c.dan]
  const group: Group = {
    groupId: 'pbg_SeedTeamLunch00000001',
    chatId: 'chat000000000000001',
    accountId: account.id,
    lineId: l.main.lineId,
    participants,
    key: [...participants].sort().join(','),
    name: 'Team lunch',
    service: 'nativechat',
    createdAt: now - 60 * MIN,
    activeAt: now - 59 * MIN,
  }
  account.groupsByKey.set(group.key, group)
  account.groupsById.set(group.groupId, group)
  msg(50, 'outbound', l.main, '', 'Team lunch on Friday?', 'nativechat', group.groupId, group.chatId)
  msg(45, 'inbound', l.main, c.cara, "I'm in!", 'nativechat', group.groupId, group.chatId)
  msg(10, 'inbound', l.main, c.dan, 'Call me when you are free.', 'nativechat')
}
