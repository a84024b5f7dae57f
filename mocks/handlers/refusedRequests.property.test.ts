/**
 * Hostile input straight at the mock. `mocks/property.test.ts` already proves "no 5xx,
 * error bodies match the schema" for random requests to every route; this adds the third
 * property of the issue: a request the mock refuses (4xx) changes nothing in its state (messages,
 * reactions, contacts, groups, runs, send records, calls, call logs, voice tokens), with
 * near-valid bodies built from seeded ids so that many requests get deep into the rules before
 * failing (the place where a half-applied change would hide).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { messagingErrorBodySchema } from 'linekit/api'
import {
  createMockClock,
  createMockService,
  seedContacts,
  seedFlows,
  seedKeys,
  seedLines,
  seedOtherLines,
} from 'linekit/mocks'
import { createMockCore } from '../service/index'
import { createRoutes } from './index'
import { T0, counts, fingerprint } from '../../test/support/serverRig'

const mock = createMockService({ clock: createMockClock({ now: T0 }) })
mock.control.updateSettings({ rateLimitPerMinute: 0 })
const serviceRoutes = createRoutes(createMockCore()).filter((r) => !r.path.startsWith('/__mock'))
const handle = [...mock.state.messagesByHandle.values()].find(
  (m) => m.accountId === 'acct_production' && m.direction === 'inbound',
)!.handle
const call = mock.control.calls.inbound({ lineId: seedLines.main.lineId, from: seedContacts.ava }).call_uuid
const contactId = mock.state.accounts.get('acct_production')!.contacts[0]!.id

const near = fc.constantFrom<unknown>(
  seedContacts.ava,
  seedContacts.optedOut,
  '+14155550196',
  '(415) 555-0178',
  'chat000000000000001',
  'a@b.c',
  '',
  'x'.repeat(300),
  seedLines.main.lineId,
  seedLines.messaging.lineId,
  seedOtherLines.crm.lineId,
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  seedFlows.wait,
  seedFlows.unpublished,
  handle,
  'pbm_nope',
  call,
  'call_nope',
  contactId,
  'slam',
  'love',
  'bogus',
  'https://cdn.test/a.jpg',
  'javascript:alert(1)',
  0,
  -1,
  1,
  1.5,
  2001,
  true,
  false,
  null,
  [],
  {},
  [seedContacts.ava],
  [seedContacts.ava, seedContacts.ava],
  [seedContacts.ava, seedContacts.cara, 'a@b.c'],
  { a: 'x'.repeat(10_001) },
)
const FIELDS = [
  'phone',
  'message',
  'lineId',
  'numbers',
  'messageHandle',
  'reaction',
  'partIndex',
  'phoneNumber',
  'flowId',
  'pb_line_id',
  'runId',
  'contactId',
  'customFields',
  'idempotencyKey',
  'effect',
  'mediaAttachmentUrl',
  'audioAttachmentUrl',
  'enableAiVoiceMemo',
  'firstName',
  'email',
  'note',
  'call_uuid',
  'phone_number',
]
const body = fc.dictionary(fc.constantFrom(...FIELDS), near, { maxKeys: 6 })
const key = fc.constantFrom<string | null>(
  seedKeys.production,
  seedKeys.production,
  seedKeys.production,
  seedKeys.trial,
  seedKeys.noAudio,
  seedKeys.crm,
  null,
  'bogus',
)

describe('property: a request the mock refuses changes nothing', () => {
  it('4xx on any service route → identical state before and after', async () => {
    let refused = 0
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...serviceRoutes),
        body,
        key,
        fc.constantFrom(handle, 'pbm_nope', '..'),
        async (route, b, auth, param) => {
          const before = fingerprint(mock)
          const beforeCounts = counts(mock)
          const url = new URL(`https://fuzz.test${route.path.replace(/:[a-z_]+/g, param)}`)
          if (route.method === 'GET')
            for (const [k, v] of Object.entries(b))
              url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v))
          const headers: Record<string, string> = { 'content-type': 'application/json' }
          if (auth !== null) headers.authorization = `Bearer ${auth}`
          const response = await mock.fetch(url, {
            method: route.method,
            headers,
            body: route.method === 'GET' ? undefined : JSON.stringify(b),
          })
          const text = await response.text()
          expect(response.status, `${route.path} ${text.slice(0, 200)}`).toBeLessThan(500)
          if (response.status >= 400) {
            refused += 1
            // The mint's error body is `{ error, code }` (checked by mocks/handlers/mintRoutes.test.ts); the rest the messaging body.
            if (!route.path.includes('dialer/token'))
              expect(messagingErrorBodySchema.safeParse(JSON.parse(text)).success, text).toBe(true)
            expect(counts(mock)).toEqual(beforeCounts)
            expect(
              fingerprint(mock),
              `${route.method} ${route.path} ${JSON.stringify(b).slice(0, 200)} → ${response.status} ${text.slice(0, 200)}`,
            ).toBe(before)
          } else {
            accepted += 1
          }
        },
      ),
      { numRuns: 500, seed: Number(process.env.FC_SEED ?? 3), endOnFailure: true },
    )
    expect(refused).toBeGreaterThan(150)
    expect(accepted).toBeGreaterThan(10)
  }, 60_000)
})
