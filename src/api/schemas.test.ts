import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import * as f from '../../test/support/apiFixtures'
import {
  allowanceSchema,
  answerCallRequestSchema,
  answerCallResponseSchema,
  audioCallAnsweredEventSchema,
  audioCallEndedEventSchema,
  audioCallEventSchema,
  audioCallRingingEventSchema,
  availabilityResponseSchema,
  bubbleEffects,
  callLogSchema,
  callLogsListResponseSchema,
  callLogsQuerySchema,
  callStatusResponseSchema,
  cancelRunResponseSchema,
  contactResponseSchema,
  contactSchema,
  contactsListResponseSchema,
  contactsQuerySchema,
  createContactRequestSchema,
  crmMessageWebhookPayloadSchema,
  declineCallRequestSchema,
  declineCallResponseSchema,
  effects,
  effectsResponseSchema,
  endCallRequestSchema,
  endCallResponseSchema,
  enrollRequestSchema,
  enrollResponseSchema,
  groupConflictBodySchema,
  groupSendRequestSchema,
  groupSendResponseSchema,
  lineSchema,
  linesResponseSchema,
  messageHandleSchema,
  messageRecordSchema,
  messageWebhookPayloadSchema,
  messagesListResponseSchema,
  messagesQuerySchema,
  messagingErrorBodySchema,
  mintErrorBodySchema,
  mintErrorCodes,
  mintErrorStatus,
  mintErrorToSdkCode,
  oauthTokenResponseSchema,
  paginationSchema,
  reactionRequestSchema,
  reactionResponseSchema,
  screenEffects,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  startCallRequestSchema,
  startCallResponseSchema,
  typingRequestSchema,
  typingResponseSchema,
  updateContactRequestSchema,
  voiceTokenRequestSchema,
  voiceTokenResponseSchema,
  workflowsResponseSchema,
} from './index'
import { groupSendRequestNormalizedSchema } from './phoneEntry'

const ok = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success

describe('response, event and error schemas', () => {
  const cases: Array<[string, z.ZodMiniType, Record<string, unknown>]> = [
    ['messageRecord', messageRecordSchema, f.messageRecord],
    ['pagination', paginationSchema, f.pagination],
    ['messagesList', messagesListResponseSchema, f.messagesList],
    ['sendMessageResponse', sendMessageResponseSchema, f.sendMessageResponse],
    ['groupSendResponse', groupSendResponseSchema, f.groupSendResponse],
    ['typingResponse', typingResponseSchema, f.typingResponse],
    ['reactionResponse', reactionResponseSchema, f.reactionResponse],
    ['line', lineSchema, f.line],
    ['availability', availabilityResponseSchema, f.availability],
    ['contact', contactSchema, f.contact],
    ['contactResponse', contactResponseSchema, f.contactResponse],
    ['contactsList', contactsListResponseSchema, f.contactsList],
    ['workflows', workflowsResponseSchema, f.workflows],
    ['enrollResponse', enrollResponseSchema, f.enrollResponse],
    ['cancelRunResponse', cancelRunResponseSchema, f.cancelRunResponse],
    ['effectsResponse', effectsResponseSchema, f.effectsResponse],
    ['startCallResponse', startCallResponseSchema, f.startCallResponse],
    ['answerCallResponse', answerCallResponseSchema, f.answerCallResponse],
    ['declineCallResponse', declineCallResponseSchema, f.declineCallResponse],
    ['endCallResponse', endCallResponseSchema, f.endCallResponse],
    ['callStatusResponse', callStatusResponseSchema, f.callStatusResponse],
    ['callLog', callLogSchema, f.callLog],
    ['callLogsList', callLogsListResponseSchema, f.callLogsList],
    ['allowance', allowanceSchema, f.allowance],
    ['voiceToken', voiceTokenResponseSchema, f.voiceToken],
    ['mintError', mintErrorBodySchema, f.mintError],
    ['messagingError', messagingErrorBodySchema, f.messagingError],
    ['groupConflict', groupConflictBodySchema, f.groupConflict],
    ['messageWebhook', messageWebhookPayloadSchema, f.messageWebhook],
    ['crmMessageWebhook', crmMessageWebhookPayloadSchema, f.crmMessageWebhook],
    ['ringingEvent', audioCallRingingEventSchema, f.ringingEvent],
    ['answeredEvent', audioCallAnsweredEventSchema, f.answeredEvent],
    ['endedEvent', audioCallEndedEventSchema, f.endedEvent],
    ['oauthToken', oauthTokenResponseSchema, f.oauthToken],
  ]

  it.each(cases)('%s accepts the spec shape and passes unknown fields through', (_, schema, value) => {
    const parsed = schema.safeParse({ ...value, addedLater: { x: 1 } })
    expect(parsed.success).toBe(true)
    expect(parsed.data).toHaveProperty('addedLater', { x: 1 })
  })

  it.each(cases)('%s rejects each missing or mistyped required field', (_, schema, value) => {
    for (const key of Object.keys(value)) {
      const { [key]: _removed, ...missing } = value
      expect(ok(schema, missing), `without ${key}`).toBe(false)
      expect(ok(schema, { ...value, [key]: Symbol('wrong') }), `${key} mistyped`).toBe(false)
    }
  })

  it('a call_uuid must name a call: blank is refused in every call body (spec: 400 invalid call_uuid)', () => {
    for (const schema of [answerCallRequestSchema, declineCallRequestSchema, endCallRequestSchema]) {
      for (const call_uuid of ['', '   ', '\t\n']) expect(ok(schema, { call_uuid })).toBe(false)
      expect(ok(schema, { call_uuid: 'call-1' })).toBe(true)
    }
  })

  it('the call-status answer needs only call_status (the rest of its shape is not shown)', () => {
    expect(ok(callStatusResponseSchema, { call_status: 'in-progress' })).toBe(true)
    expect(ok(callStatusResponseSchema, { call_status: 'answered', answeredAt: '2026-01-01T00:00:00Z' })).toBe(true)
  })

  it('accepts the nullable variants the spec names', () => {
    expect(
      ok(sendMessageResponseSchema, {
        ...f.sendMessageResponse,
        status: 'processing',
        messageType: null,
        devicePhoneNumber: null,
        deduped: true,
      }),
    ).toBe(true)
    expect(ok(groupSendResponseSchema, { ...f.groupSendResponse, groupId: null, devicePhoneNumber: null })).toBe(true)
    expect(ok(groupSendResponseSchema, { ...f.groupSendResponse, service: 'SMS' })).toBe(false)
    expect(ok(startCallResponseSchema, { ...f.startCallResponse, rtc: null })).toBe(true)
    expect(ok(startCallResponseSchema, { ...f.startCallResponse, rtc: { ...f.rtc, uid: '7' } })).toBe(false)
    expect(ok(voiceTokenResponseSchema, { ...f.voiceToken, allowance: null })).toBe(true)
    expect(ok(allowanceSchema, { ...f.allowance, state: 'hard' })).toBe(false)
    expect(ok(allowanceSchema, { ...f.allowance, line: null, cap: 600 })).toBe(true)
    expect(
      ok(callLogSchema, { ...f.callLog, status: 'some-new-status', disposition: null, duration_seconds: null }),
    ).toBe(true)
    expect(ok(callLogSchema, { ...f.callLog, disposition: 'maybe' })).toBe(false)
    expect(ok(messageRecordSchema, { ...f.messageRecord, service: 'RCS', direction: 'inbound' })).toBe(true)
    expect(ok(messageRecordSchema, { ...f.messageRecord, service: 'sms' })).toBe(false)
  })

  it('lines: an array of lines or a trial descriptor', () => {
    expect(ok(linesResponseSchema, [f.line, { lineId: f.LINE_ID_2, phoneNumber: '+1', extra: true }])).toBe(true)
    expect(ok(linesResponseSchema, { trial: true })).toBe(true)
    expect(ok(linesResponseSchema, { trial: false })).toBe(false)
    expect(ok(linesResponseSchema, [{ phoneNumber: '+1' }])).toBe(false)
  })

  it('messaging error body: error is a string or an object, code and hint optional', () => {
    expect(
      ok(messagingErrorBodySchema, { error: { message: 'bad', code: 'x' }, code: 'invalid_request', hint: 'fix' }),
    ).toBe(true)
    expect(ok(messagingErrorBodySchema, { error: 42 })).toBe(false)
    expect(ok(mintErrorBodySchema, { error: 'x', code: 'not_a_mint_code' })).toBe(false)
    expect(ok(mintErrorBodySchema, { ...f.mintError, used: 100, included: 100, cap: null, periodEnd: 'x' })).toBe(true)
  })

  it('audio-call events discriminate on `event`', () => {
    expect(audioCallEventSchema.parse(f.endedEvent).event).toBe('audiocall.inbound.ended')
    expect(ok(audioCallEventSchema, { ...f.ringingEvent, event: 'audiocall.inbound.unknown' })).toBe(false)
    expect(ok(audioCallEventSchema, { ...f.endedEvent, status: 'hung_up' })).toBe(false)
    expect(ok(audioCallEventSchema, { ...f.ringingEvent, direction: 'outbound' })).toBe(false)
  })
})

describe('enumerations', () => {
  it('effects are the bubble then the screen effects of the spec', () => {
    expect(bubbleEffects).toEqual(['slam', 'loud', 'gentle', 'invisible-ink'])
    expect(screenEffects).toHaveLength(9)
    expect(effects).toEqual([...bubbleEffects, ...screenEffects])
  })

  it('maps every mint code to the SDK code of the spec table', () => {
    // spec: Errors — dialer mint mapping table, row by row
    expect(mintErrorToSdkCode).toEqual({
      invalid_api_key: 'token_unavailable',
      invalid_line_id: 'line_unavailable',
      line_not_found: 'line_unavailable',
      line_inbound_only: 'line_unavailable',
      line_not_eligible: 'line_unavailable',
      dialer_subscription_required: 'subscription_required',
      account_paywalled: 'account_paywalled',
      dialer_cap_reached: 'cap_reached',
      dialer_not_provisioned: 'not_provisioned',
      api_key_unsupported: 'token_unavailable',
      rate_limited: 'rate_limited',
      dialer_misconfigured: 'token_unavailable',
      internal_error: 'token_unavailable',
      dialer_unavailable: 'token_unavailable',
    })
    expect(Object.keys(mintErrorStatus).sort()).toEqual([...mintErrorCodes].sort())
    expect(mintErrorStatus.dialer_cap_reached).toBe(402)
  })
})

describe('query schemas', () => {
  const pageQueries: Array<[string, z.ZodMiniType]> = [
    ['messages', messagesQuerySchema],
    ['call logs', callLogsQuerySchema],
    ['contacts', contactsQuerySchema],
  ]

  it.each(pageQueries)('%s: limit is an integer 1 to 100 (as number or string)', (_, schema) => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.boolean(), (limit, asString) => {
        const valid = limit >= 1 && limit <= 100
        expect(ok(schema, { limit: asString ? String(limit) : limit })).toBe(valid)
      }),
    )
    expect(ok(schema, { limit: '1.5' })).toBe(false)
    expect(ok(schema, { limit: 'abc' })).toBe(false)
    expect(ok(schema, { limit: '' })).toBe(false)
  })

  it.each(pageQueries)('%s: offset >= 0 and offset + limit <= 2000 (defaults count)', (_, schema) => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 2500 }),
        fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
        (offset, limit) => {
          const valid = offset >= 0 && offset + (limit ?? 100) <= 2000
          const query =
            limit === undefined ? { offset: String(offset) } : { offset: String(offset), limit: String(limit) }
          expect(ok(schema, query)).toBe(valid)
        },
      ),
    )
  })

  it('coerces URLSearchParams strings to numbers', () => {
    const params = new URLSearchParams('limit=25&offset=50&direction=inbound')
    expect(messagesQuerySchema.parse(Object.fromEntries(params))).toEqual({
      limit: 25,
      offset: 50,
      direction: 'inbound',
    })
  })

  it('messages: from_number is inbound-only and to_number outbound-only', () => {
    expect(ok(messagesQuerySchema, { from_number: '+14155550124' })).toBe(true)
    expect(ok(messagesQuerySchema, { from_number: '+14155550124', direction: 'inbound' })).toBe(true)
    expect(ok(messagesQuerySchema, { from_number: '+14155550124', direction: 'outbound' })).toBe(false)
    expect(ok(messagesQuerySchema, { to_number: '+14155550124', direction: 'outbound' })).toBe(true)
    expect(ok(messagesQuerySchema, { to_number: '+14155550124', direction: 'inbound' })).toBe(false)
    expect(ok(messagesQuerySchema, { service: 'WhatsApp' })).toBe(false)
    expect(ok(messagesQuerySchema, { order_by: 'sentAt', order_direction: 'asc', service: 'RCS' })).toBe(true)
  })

  it('date bounds must be ISO 8601', () => {
    expect(ok(messagesQuerySchema, { created_at_gte: '2026-01-01T00:00:00Z', sent_at_lte: '2026-01-02' })).toBe(true)
    expect(ok(messagesQuerySchema, { created_at_gte: 'yesterday' })).toBe(false)
    expect(ok(callLogsQuerySchema, { answered_at_gte: '2026-13-45' })).toBe(false)
    expect(ok(callLogsQuerySchema, { answered_at_lte: '2026-01-01T10:00:00+02:00' })).toBe(true)
  })

  it('call logs: pb_line_id is a UUID and the sort is asc or desc', () => {
    expect(ok(callLogsQuerySchema, { pb_line_id: f.LINE_ID, call_log_timestamp: 'asc' })).toBe(true)
    expect(ok(callLogsQuerySchema, { pb_line_id: 'line-1' })).toBe(false)
    expect(ok(callLogsQuerySchema, { call_log_timestamp: 'newest' })).toBe(false)
  })

  it('message handle path parameter starts with pbm_', () => {
    expect(ok(messageHandleSchema, 'pbm_123')).toBe(true)
    expect(ok(messageHandleSchema, 'pbg_123')).toBe(false)
    expect(ok(messageHandleSchema, 'pbm_')).toBe(false)
  })
})

describe('request schemas', () => {
  const send = { phone: '+14155550124', message: 'hi' }

  it('send: message required unless an attachment is supplied', () => {
    expect(ok(sendMessageRequestSchema, send)).toBe(true)
    expect(ok(sendMessageRequestSchema, { phone: send.phone })).toBe(false)
    expect(ok(sendMessageRequestSchema, { phone: send.phone, message: '   ' })).toBe(false)
    expect(ok(sendMessageRequestSchema, { phone: send.phone, mediaAttachmentUrl: 'https://x.test/a.png' })).toBe(true)
    expect(ok(sendMessageRequestSchema, { phone: send.phone, audioAttachmentUrl: 'https://x.test/a.m4a' })).toBe(true)
    expect(ok(sendMessageRequestSchema, { phone: send.phone, mediaAttachmentUrl: 'not a url' })).toBe(false)
    expect(ok(sendMessageRequestSchema, { message: 'hi' })).toBe(false)
  })

  it('send: effect must be one of the spec names', () => {
    for (const effect of effects) expect(ok(sendMessageRequestSchema, { ...send, effect })).toBe(true)
    fc.assert(
      fc.property(fc.string(), (effect) => {
        expect(ok(sendMessageRequestSchema, { ...send, effect })).toBe((effects as readonly string[]).includes(effect))
      }),
    )
  })

  it('lineId must be a UUID v4 on send, group send, typing and the mint', () => {
    fc.assert(
      fc.property(fc.uuid({ version: 4 }), (lineId) => {
        expect(ok(sendMessageRequestSchema, { ...send, lineId })).toBe(true)
        expect(ok(voiceTokenRequestSchema, { lineId })).toBe(true)
      }),
    )
    fc.assert(
      fc.property(fc.uuid({ version: 1 }), (lineId) => {
        expect(ok(sendMessageRequestSchema, { ...send, lineId })).toBe(false)
        expect(ok(typingRequestSchema, { phoneNumber: '+1', lineId })).toBe(false)
        expect(ok(groupSendRequestSchema, { numbers: ['+1', '+2'], message: 'x', lineId })).toBe(false)
        expect(ok(voiceTokenRequestSchema, { lineId })).toBe(false)
      }),
    )
    expect(ok(voiceTokenRequestSchema, {})).toBe(false)
  })

  it('customFields: a plain object of at most 10,000 serialized characters', () => {
    // {"k":"<n chars>"} serializes to n + 8 characters
    fc.assert(
      fc.property(fc.integer({ min: 9_980, max: 10_010 }), (n) => {
        const customFields = { k: 'a'.repeat(n) }
        const valid = JSON.stringify(customFields).length <= 10_000
        expect(ok(sendMessageRequestSchema, { ...send, customFields })).toBe(valid)
        expect(ok(createContactRequestSchema, { phone: '+1', customFields })).toBe(valid)
      }),
      { numRuns: 60 },
    )
    expect(ok(sendMessageRequestSchema, { ...send, customFields: ['a'] })).toBe(false)
    expect(ok(sendMessageRequestSchema, { ...send, customFields: new Date() })).toBe(false)
    expect(
      ok(sendMessageRequestSchema, {
        ...send,
        customFields: new (class Foo {
          a = 1
        })(),
      }),
    ).toBe(false)
    expect(ok(sendMessageRequestSchema, { ...send, customFields: 'x' })).toBe(false)
    expect(ok(createContactRequestSchema, { phone: '+1', customFields: Object.create(null) as object })).toBe(true)
  })

  it('send: email must be an e-mail address; idempotencyKey of any length is accepted (the service ignores it)', () => {
    expect(ok(sendMessageRequestSchema, { ...send, email: 'a@b.co' })).toBe(true)
    expect(ok(sendMessageRequestSchema, { ...send, email: 'nope' })).toBe(false)
    expect(ok(sendMessageRequestSchema, { ...send, idempotencyKey: '' })).toBe(true)
    expect(ok(sendMessageRequestSchema, { ...send, idempotencyKey: 'k'.repeat(500) })).toBe(true)
  })

  it('group send: at most one attachment, message or attachment, at least 2 entries', () => {
    const g = { numbers: ['+14155550124', '+14155550125'], message: 'hi' }
    expect(ok(groupSendRequestSchema, g)).toBe(true)
    expect(
      ok(groupSendRequestSchema, {
        ...g,
        mediaAttachmentUrl: 'https://x.test/a',
        audioAttachmentUrl: 'https://x.test/b',
      }),
    ).toBe(false)
    expect(ok(groupSendRequestSchema, { numbers: g.numbers })).toBe(false)
    expect(ok(groupSendRequestSchema, { numbers: g.numbers, audioAttachmentUrl: 'https://x.test/b' })).toBe(true)
    expect(ok(groupSendRequestSchema, { ...g, numbers: ['+14155550124'] })).toBe(false)
  })

  it('group send (normalized): 2 to 32 distinct E.164 numbers after normalization', () => {
    const distinct = (n: number) => Array.from({ length: n }, (_, i) => `+1415555${String(1000 + i).padStart(4, '0')}`)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 5 }), (n, dupes) => {
        const numbers = distinct(n)
        // add the first numbers again in national format: duplicates after normalization
        const withDupes = [
          ...numbers,
          ...numbers.slice(0, dupes).map((p) => `(${p.slice(2, 5)}) ${p.slice(5, 8)}-${p.slice(8)}`),
        ]
        const r = groupSendRequestNormalizedSchema.safeParse({ numbers: withDupes, message: 'x' })
        expect(r.success).toBe(n >= 2 && n <= 32)
        if (r.success) expect(r.data.numbers).toEqual(numbers)
      }),
      { numRuns: 80 },
    )
    const bad = groupSendRequestNormalizedSchema.safeParse({
      numbers: ['+14155550124', 'someone@example.com'],
      message: 'x',
    })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.path).toEqual(['numbers', 1])
  })

  it('reaction: spec reactions only, partIndex an integer >= 0', () => {
    const r = { messageHandle: 'pbm_1', reaction: 'laugh' }
    expect(ok(reactionRequestSchema, r)).toBe(true)
    expect(ok(reactionRequestSchema, { ...r, reaction: 'wow' })).toBe(false)
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), (partIndex) => {
        expect(ok(reactionRequestSchema, { ...r, partIndex })).toBe(partIndex >= 0)
      }),
    )
    expect(ok(reactionRequestSchema, { ...r, partIndex: 0.5 })).toBe(false)
  })

  it('enrol: flowId 1 to 64 characters, pb_line_id a UUID', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (n) => {
        expect(ok(enrollRequestSchema, { flowId: 'f'.repeat(n), phoneNumber: '+1' })).toBe(n >= 1 && n <= 64)
      }),
    )
    expect(ok(enrollRequestSchema, { flowId: 'f', phoneNumber: '+1', pb_line_id: 'nope' })).toBe(false)
    expect(ok(enrollRequestSchema, { flowId: 'f', phoneNumber: '+1', pb_line_id: f.LINE_ID })).toBe(true)
  })

  it('audio: start needs a UUID line and a number', () => {
    expect(ok(startCallRequestSchema, { pb_line_id: f.LINE_ID, phone_number: '+14155550124' })).toBe(true)
    expect(ok(startCallRequestSchema, { phone_number: '+14155550124' })).toBe(false)
    expect(ok(startCallRequestSchema, { pb_line_id: f.LINE_ID, phone_number: '' })).toBe(false)
  })

  it('update contact: contactId required, fields nullable, customFields bounded', () => {
    expect(ok(updateContactRequestSchema, { contactId: 'c_1', note: null, customFields: null })).toBe(true)
    expect(ok(updateContactRequestSchema, { note: 'x' })).toBe(false)
    expect(ok(updateContactRequestSchema, { contactId: 'c_1', customFields: { k: 'a'.repeat(10_000) } })).toBe(false)
  })
})
