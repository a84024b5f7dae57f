/**
 * Test support: fast-check generators of what a hostile or careless browser sends to
 * linekit/server — near-valid bodies and queries for every allowlisted route (fields wrong,
 * missing or extra), raw bodies, wrong methods, missing or cross-site CSRF proof, webhooks with a
 * wrong secret — and the valid requests alice (main line) would send: the served side of a property.
 * Aimed at the records of one rig's mock (its handles, a ringing call, a contact).
 */
import fc from 'fast-check'
import { seedContacts, seedFlows, seedOtherLines } from 'linekit/mocks'
import { INBOUND_ONLY, MAIN, MESSAGING, SECRET, SHARED } from '../serverRig'
import type { Rig, UserName } from '../serverRig'

/** The generators over `rig`'s mock; starts an inbound call on alice's line to aim at. */
export function hostileRequests(rig: Rig) {
  const { mock } = rig
  // Handles and calls to aim at: one of each on alice's line and on bob's.
  const handleOn = (line: string) =>
    [...mock.state.messagesByHandle.values()].find((m) => m.line_id === line && m.accountId === 'acct_production')!
      .handle
  const HANDLE_MAIN = handleOn(MAIN)
  const HANDLE_MESSAGING = handleOn(MESSAGING)
  const CALL_MAIN = mock.control.calls.inbound({ lineId: MAIN, from: seedContacts.ava }).call_uuid
  const CONTACT = mock.state.accounts.get('acct_production')!.contacts[0]!.id

  const lineValue = fc.constantFrom<unknown>(
    MAIN,
    MESSAGING,
    SHARED,
    INBOUND_ONLY,
    MAIN.toUpperCase(),
    ` ${MESSAGING}`,
    seedOtherLines.trial.lineId,
    seedOtherLines.crm.lineId,
    '00000000-0000-4000-8000-000000000000',
    'not-a-line',
    '',
    null,
    42,
    [MAIN],
    { lineId: MAIN },
  )
  const phone = fc.constantFrom<unknown>(
    seedContacts.ava,
    seedContacts.ben,
    '(415) 555-0178',
    '+14155550180',
    'chat000000000000001',
    'a@b.c',
    '',
    12,
    null,
    '+1'.padEnd(400, '9'),
  )
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('<script>alert(1)</script>', 'x'.repeat(70_000), '\u0000', '${KEY}'),
  )
  const handle = fc.constantFrom<unknown>(
    HANDLE_MAIN,
    HANDLE_MESSAGING,
    'pbm_nope',
    '..',
    '.',
    'pbm_../../get-lines',
    'pbm_%2F..',
    '',
    7,
  )
  const callUuid = fc.constantFrom<unknown>(CALL_MAIN, 'call_nope', '../get-lines', '', null, 1)
  const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), text)

  /** A near-valid body per route: its fields, some wrong, some missing, some extra. */
  const bodies: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
    '/send-api-message': fc.record(
      {
        phone,
        message: text,
        lineId: lineValue,
        pb_line_id: lineValue,
        idempotencyKey: fc.string({ maxLength: 8 }),
        effect: fc.constantFrom('slam', 'bogus'),
      },
      { requiredKeys: [] },
    ),
    '/send-typing-indicator': fc.record({ phoneNumber: phone, lineId: lineValue }, { requiredKeys: [] }),
    '/send-reaction': fc.record(
      {
        messageHandle: handle,
        reaction: fc.constantFrom('love', 'like', 'nope'),
        partIndex: fc.integer({ min: -1, max: 2 }),
      },
      { requiredKeys: [] },
    ),
    '/send-group-message': fc.record(
      { numbers: fc.array(phone, { maxLength: 4 }), message: text, lineId: lineValue },
      { requiredKeys: [] },
    ),
    '/api-check-native-availability': fc.record({ phone }, { requiredKeys: [] }),
    '/create-external-contact': fc.record(
      { phone, firstName: text, email: text, customFields: anything },
      { requiredKeys: [] },
    ),
    '/update-external-contact': fc.record(
      { contactId: fc.constantFrom<unknown>(CONTACT, 'c_nope', 1), note: text, customFields: anything },
      { requiredKeys: [] },
    ),
    '/enroll-flow': fc.record(
      {
        flowId: fc.constantFrom<unknown>(seedFlows.wait, seedFlows.unpublished, 'x', ''),
        phoneNumber: phone,
        pb_line_id: lineValue,
      },
      { requiredKeys: [] },
    ),
    '/cancel-flow-run': fc.record({ runId: fc.constantFrom<unknown>(1, 2, -1, '1', 1.5, null) }, { requiredKeys: [] }),
    '/start-audiocall-call-api': fc.record({ pb_line_id: lineValue, phone_number: phone }, { requiredKeys: [] }),
    '/answer-audiocall-call-api': fc.record({ call_uuid: callUuid }, { requiredKeys: [] }),
    '/decline-audiocall-call-api': fc.record({ call_uuid: callUuid }, { requiredKeys: [] }),
    '/end-audiocall-call-api': fc.record({ call_uuid: callUuid }, { requiredKeys: [] }),
    '/dialer/token': fc.record({ lineId: lineValue }, { requiredKeys: [] }),
  }
  const queries: Record<string, fc.Arbitrary<[string, string][]>> = {
    '/get-messages-api': fc.array(
      fc.tuple(
        fc.constantFrom(
          'limit',
          'offset',
          'pb_line_id',
          'PB_LINE_ID',
          'direction',
          'from_number',
          'to_number',
          'order_by',
          'x',
        ),
        fc.oneof(lineValue.map(String), fc.constantFrom('1', '100', '1999', '-1', 'inbound', 'asc')),
      ),
      { maxLength: 4 },
    ),
    '/get-call-logs-api': fc.array(
      fc.tuple(
        fc.constantFrom('limit', 'offset', 'pb_line_id', 'answered_at_gte', 'call_log_timestamp'),
        fc.oneof(lineValue.map(String), fc.constantFrom('5', 'asc', 'not-a-date')),
      ),
      { maxLength: 4 },
    ),
    '/get-audiocall-call-status-api': fc.array(
      fc.tuple(fc.constantFrom('call_uuid', 'pb_line_id'), callUuid.map(String)),
      { maxLength: 2 },
    ),
    '/get-external-contacts': fc.array(
      fc.tuple(fc.constantFrom('limit', 'offset', 'phone'), fc.constantFrom('1', '2001', 'x', '+14155550124')),
      { maxLength: 3 },
    ),
    '/get-lines': fc.constant([]),
    '/get-flows': fc.constant([]),
    '/get-effects': fc.constant([]),
    '/events': fc.array(fc.tuple(fc.constantFrom('lastEventId'), fc.string({ maxLength: 10 })), { maxLength: 1 }),
  }

  /** Valid bodies as alice (main line) would send them: the served side of the property. */
  const validBodies: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
    '/send-api-message': fc.record({
      phone: fc.constantFrom(seedContacts.ava, '+14155550180'),
      message: fc.string({ minLength: 1, maxLength: 20 }),
      lineId: fc.constant(MAIN),
    }),
    '/send-group-message': fc.record({
      numbers: fc.constant([seedContacts.ava, seedContacts.cara]),
      message: fc.string({ minLength: 1, maxLength: 20 }),
      lineId: fc.constant(MAIN),
    }),
    '/api-check-native-availability': fc.record({ phone: fc.constantFrom(seedContacts.ava, '+14155550181') }),
    '/create-external-contact': fc.record({
      phone: fc.constantFrom('+14155550182', '+14155550183'),
      firstName: fc.string({ maxLength: 10 }),
    }),
    '/update-external-contact': fc.record({ contactId: fc.constant(CONTACT), note: fc.string({ maxLength: 10 }) }),
    '/enroll-flow': fc.record({
      flowId: fc.constant(seedFlows.wait),
      phoneNumber: fc.constantFrom('+14155550184', '+14155550185'),
      pb_line_id: fc.constant(MAIN),
    }),
    '/send-reaction': fc.record({ messageHandle: fc.constant(HANDLE_MAIN), reaction: fc.constantFrom('love', 'like') }),
    '/dialer/token': fc.record({ lineId: fc.constant(MAIN) }),
  }
  const validPost = fc.constantFrom(...Object.keys(validBodies)).chain((path) =>
    validBodies[path]!.map((body) => ({
      kind: 'post' as const,
      path,
      body,
      raw: undefined,
      user: 'alice' as UserName | null,
      csrf: 'header' as 'header' | 'origin' | 'cross' | 'none',
      method: null as string | null,
    })),
  )

  const user = fc.constantFrom<UserName | null>('alice', 'bob', 'carol', 'admin', 'nobody', null)
  const rawBody = fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    fc.constantFrom(
      '',
      '{',
      'null',
      '[]',
      '"x"',
      '{"__proto__":{"lineId":"x"}}',
      `{"lineId":"${MAIN}","lineId":"${MESSAGING}","phone":"+14155550124","message":"dup"}`,
    ),
    fc.string({ maxLength: 50 }),
  )

  const postRequest = fc
    .record({
      kind: fc.constant('post' as const),
      path: fc.constantFrom(...Object.keys(bodies)),
      body: fc.constant(null),
      raw: rawBody,
      user,
      csrf: fc.constantFrom<'header' | 'origin' | 'cross' | 'none'>(
        'header',
        'header',
        'header',
        'origin',
        'cross',
        'none',
      ),
      method: fc.option(fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'), { freq: 8 }),
    })
    .chain((r) => bodies[r.path]!.map((body) => ({ ...r, body })))
  const getRequest = fc
    .record({
      kind: fc.constant('get' as const),
      path: fc.oneof(
        fc.constantFrom(...Object.keys(queries)),
        handle.map((h) => `/get-message-api/${String(h)}`),
      ),
      query: fc.constant<[string, string][]>([]),
      user,
      method: fc.option(fc.constantFrom('POST', 'PUT', 'DELETE'), { freq: 8 }),
    })
    .chain((r) => (queries[r.path] ?? fc.constant<[string, string][]>([])).map((query) => ({ ...r, query })))
  const webhookRequest = fc.record({
    kind: fc.constant('webhook' as const),
    secret: fc.constantFrom(SECRET, SECRET, 'wrong', `${SECRET}x`, ''),
    body: fc.oneof(
      anything.map((v) => JSON.stringify(v)),
      fc.constantFrom('{', '', 'x'.repeat(70_000)),
    ),
  })

  return { validPost, postRequest, getRequest, webhookRequest }
}
