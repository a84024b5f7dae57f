/**
 * The records the mock's state holds: accounts with their lines, messages, contacts, groups,
 * workflows and runs, keys and tokens, and the shells of calls, call logs, voice tokens and
 * webhooks (their modules give them their full types). spec: the objects of the service interface.
 */
import type { Direction, RunStatus, Service } from '../../src/api/enums'

/** Kinds of seeded/creatable accounts (see mocks/README.md). */
export const accountKinds = [
  'production',
  'trial',
  'noAudio',
  'crm',
  'legacyKey',
  'paywalled',
  'notProvisioned',
  'capped',
] as const
export type AccountKind = (typeof accountKinds)[number]

/** Feature switches of an account. */
interface AccountFeatures {
  /** spec: Authentication 4 — audio-call endpoints need it (else 403 AUDIOCALL_NOT_ENABLED). */
  audioCall: boolean
  /** spec: mint — no add-on → 403 dialer_subscription_required. */
  dialerAddon: boolean
  /** spec: native contact store only without a connected CRM. */
  crmConnected: boolean
}

/** The account's dialer plan (used by the voice-token mint). */
interface DialerPlan {
  /** Past due → mint 402 account_paywalled. */
  paywalled: boolean
  /** Business registration approved; false → mint 404 dialer_not_provisioned. */
  provisioned: boolean
  /** false → mint 500 dialer_misconfigured. */
  configured: boolean
  /** false → the mint returns `allowance: null`. */
  planReadable: boolean
  /** Workspace minutes included per UTC day. */
  includedMinutes: number
  /** Workspace ceiling in minutes; null for none. */
  capMinutes: number | null
  /** Whole minutes used today (workspace). */
  usedMinutes: number
}

/** A dedicated phone line. Fields beyond `lineId` are @assumed (src/api/ASSUMPTIONS.md). */
export interface Line {
  lineId: string
  accountId: string
  phoneNumber: string
  name: string
  shared: boolean
  audioCallEnabled: boolean
  /** Receives calls but cannot place them (mint 403 line_inbound_only). Messaging is unaffected. */
  inboundOnly: boolean
  inboundNumber: string | null
  /** Workspace members who ring for inbound calls. */
  ringSet: string[]
  /** The line's own daily dialer cap in minutes; null for none. */
  dailyCapMinutes: number | null
  /** Minutes the line used today. */
  usedMinutesToday: number
  /** Trial line (mint 403 line_not_eligible). */
  trial: boolean
}

/** A stored message (the spec's message record plus internal bookkeeping). */
export interface StoredMessage {
  handle: string
  /** Numeric id for webhooks (`messageId`). */
  id: number
  /** Globally unique id for webhooks (`guid`). */
  guid: string
  accountId: string
  content: string
  from_number: string
  to_number: string
  line_id: string
  service: Service
  direction: Direction
  createdAt: number
  sentAt: number
  /** When an outbound message becomes `delivered`; inbound messages are delivered on arrival. */
  deliveredAt: number
  media_attachment_url: string | null
  voice_attachment_url: string | null
  /** Set for group-thread messages. */
  groupId: string | null
  /** `createdAt` / `sentAt` as ISO strings (computed once; lists render them often). */
  createdIso: string
  sentIso: string
  /** Reactions sent on this message (by the account), keyed `partIndex:reaction`. */
  reactions: Set<string>
}

/** A native contact. spec: Contact object. */
export interface Contact {
  id: string
  firstName: string | null
  lastName: string | null
  phoneNumber: string
  email: string | null
  customFields: Record<string, unknown> | null
  note: string | null
  createdAt: number
  updatedAt: number
}

/** A group thread. spec: Group-send response / Group thread states. */
export interface Group {
  groupId: string
  /** The group's chat identifier, used as `to_number` (begins `chat`). */
  chatId: string
  accountId: string
  lineId: string
  participants: string[]
  /** Sorted participants joined by ','; the identity of the thread. */
  key: string
  name: string | null
  service: 'nativechat' | 'SMS'
  createdAt: number
  /** `creating` until this time, then `active`. */
  activeAt: number
}

/** What the first step of a workflow does. @assumed (ASSUMPTIONS.md: Workflow.firstStep). */
export type FlowFirstStep = 'wait' | 'question' | 'action'

/** A workflow. */
export interface Flow {
  flowId: string
  accountId: string
  name: string
  published: boolean
  firstStep: FlowFirstStep
}

/** A workflow run. spec: Workflow (flow) and run. */
export interface Run {
  runId: number
  accountId: string
  flowId: string
  phoneNumber: string
  lineId: string
  status: RunStatus
  currentNodeId: string
  createdAt: number
}

/** The outcome of a send, kept for replays (de-duplication / idempotency). */
export interface SendRecord {
  /** Time the send finishes (`processing` → `done`). */
  doneAt: number
  /** Time the record stops de-duplicating. */
  expiresAt: number
  phone: string
  messageType: 'nativechat' | 'SMS'
  devicePhoneNumber: string
  mediaAttachmentUrl: string | null
  audioAttachmentUrl: string | null
}

/** The outcome of a group send, kept for idempotent replays. */
interface GroupSendRecord {
  expiresAt: number
  recipients: string[]
  groupStatusOf: () => 'creating' | 'active'
  mediaAttachmentUrl: string | null
  audioAttachmentUrl: string | null
}

/** One account (workspace + its user; the mock has one user per account). */
export interface Account {
  id: string
  userId: string
  kind: AccountKind
  name: string
  trial: boolean
  features: AccountFeatures
  dialer: DialerPlan
  /** The account's line ids, in listing order. */
  lineIds: string[]
  /** Round-robin cursor for load balancing (spec: send — lineId omitted). */
  nextLine: number
  /** Messages ordered by createdAt (ties by insertion). */
  messages: StoredMessage[]
  contactsByPhone: Map<string, Contact>
  contactsById: Map<string, Contact>
  /** Contacts in creation order (for listing). */
  contacts: Contact[]
  /** Phones auto-created in the connected CRM (CRM accounts only). */
  crmContacts: Set<string>
  flows: Map<string, Flow>
  runs: Map<number, Run>
  /** `${flowId}|${phone}` → runId of the run that is not terminal. */
  openRuns: Map<string, number>
  groupsByKey: Map<string, Group>
  groupsById: Map<string, Group>
  /** `${lineId}|${phone}` of every 1:1 conversation, with the service it used last. */
  conversations: Map<string, { lineId: string; phone: string; service: Service }>
  /** phone → the line that last talked to it (sticky routing, typing without lineId). */
  lastLineByPhone: Map<string, string>
  /** De-duplication / idempotency records of sends. */
  sends: Map<string, SendRecord>
  groupSends: Map<string, GroupSendRecord>
  /** Numbers opted out / blocked for this account. */
  optedOut: Set<string>
  blocked: Set<string>
}

/** An API key. */
export interface ApiKey {
  key: string
  accountId: string
  /** A legacy key cannot mint voice tokens (403 api_key_unsupported). */
  legacy: boolean
  revoked: boolean
}

/** An OAuth access token known to the service (the mock issues them). */
export interface AccessToken {
  token: string
  accountId: string
  scopes: string[]
  /** ms since epoch; null for never. */
  expiresAt: number | null
}

/** Audio calls. */
export interface CallRecord {
  callUuid: string
  accountId: string
  lineId: string
  direction: Direction
  [field: string]: unknown
}
/** Outbound dialer call logs. */
export interface CallLogRecord {
  id: string
  accountId: string
  [field: string]: unknown
}
/** Minted voice tokens. */
export interface VoiceTokenRecord {
  token: string
  accountId: string
  lineId: string
  expiresAt: number
  [field: string]: unknown
}
/** Configured webhooks. */
export interface WebhookRecord {
  id: string
  accountId: string
  url: string
  [field: string]: unknown
}

/** A fresh account shell; `accounts.ts` adds lines, flows and keys. */
export function newAccount(id: string, kind: AccountKind, name: string): Account {
  return {
    id,
    userId: `usr_${id.slice(0, 8)}`,
    kind,
    name,
    trial: kind === 'trial',
    features: { audioCall: true, dialerAddon: true, crmConnected: false },
    dialer: {
      paywalled: false,
      provisioned: true,
      configured: true,
      planReadable: true,
      includedMinutes: 120,
      capMinutes: 240,
      usedMinutes: 0,
    },
    lineIds: [],
    nextLine: 0,
    messages: [],
    contactsByPhone: new Map(),
    contactsById: new Map(),
    contacts: [],
    crmContacts: new Set(),
    flows: new Map(),
    runs: new Map(),
    openRuns: new Map(),
    groupsByKey: new Map(),
    groupsById: new Map(),
    conversations: new Map(),
    lastLineByPhone: new Map(),
    sends: new Map(),
    groupSends: new Map(),
    optedOut: new Set(),
    blocked: new Set(),
  }
}
