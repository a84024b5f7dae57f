/**
 * The mock's MCP server is another way into the same rules: a tool call that fails
 * (`isError: true`, or a JSON-RPC error) must change nothing, like a refused HTTP request; and
 * nothing it answers is a 5xx. Near-valid arguments built from seeded ids, fixed seed.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createMockClock,
  createMockService,
  seedContacts,
  seedFlows,
  seedKeys,
  seedLines,
  seedOtherLines,
} from 'linekit/mocks'
import { T0, counts, fingerprint } from '../../test/support/serverRig'
import { mcpToolNames } from './tools'

const mock = createMockService({ clock: createMockClock({ now: T0 }) })
mock.control.updateSettings({ rateLimitPerMinute: 0 })
const handle = [...mock.state.messagesByHandle.values()].find(
  (m) => m.accountId === 'acct_production' && m.direction === 'inbound',
)!.handle
const contactId = mock.state.accounts.get('acct_production')!.contacts[0]!.id
const near = fc.constantFrom<unknown>(
  seedContacts.ava,
  seedContacts.optedOut,
  '+14155550196',
  'chat000000000000001',
  'a@b.c',
  '',
  seedLines.main.lineId,
  seedOtherLines.crm.lineId,
  'not-a-uuid',
  seedFlows.wait,
  seedFlows.unpublished,
  handle,
  'pbm_nope',
  contactId,
  'slam',
  'bogus',
  'javascript:alert(1)',
  0,
  -1,
  1,
  2001,
  true,
  null,
  [],
  [seedContacts.ava, seedContacts.cara],
  [seedContacts.ava, 'a@b.c'],
  { a: 'x'.repeat(10_001) },
)
const FIELDS = [
  'phone',
  'message',
  'lineId',
  'numbers',
  'messageHandle',
  'message_handle',
  'phoneNumber',
  'flowId',
  'pb_line_id',
  'runId',
  'contactId',
  'customFields',
  'idempotencyKey',
  'effect',
  'mediaAttachmentUrl',
  'firstName',
  'email',
  'call_uuid',
  'limit',
  'offset',
]

describe('property: a failing MCP tool call changes nothing', () => {
  it('isError / JSON-RPC error → identical state; never a 5xx', async () => {
    let failed = 0
    let succeeded = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...mcpToolNames),
        fc.dictionary(fc.constantFrom(...FIELDS), near, { maxKeys: 5 }),
        async (name, args) => {
          const before = fingerprint(mock)
          const beforeCounts = counts(mock)
          const response = await mock.fetch('https://fuzz.test/api/mcp', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${seedKeys.production}`,
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
            },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
          })
          expect(response.status).toBeLessThan(500)
          const text = await response.text()
          const body = JSON.parse(text) as { result?: { isError?: boolean }; error?: unknown }
          if (body.error !== undefined || body.result?.isError) {
            failed += 1
            expect(counts(mock)).toEqual(beforeCounts)
            expect(fingerprint(mock), `${name} ${JSON.stringify(args).slice(0, 200)} → ${text.slice(0, 300)}`).toBe(
              before,
            )
          } else succeeded += 1
        },
      ),
      { numRuns: 300, seed: Number(process.env.FC_SEED ?? 5), endOnFailure: true },
    )
    expect(failed).toBeGreaterThan(100)
    expect(succeeded).toBeGreaterThan(10)
  }, 60_000)
})
