import { describe, expect, it } from 'vitest'
import { messageRecordSchema, messagesListResponseSchema, sendMessageResponseSchema } from 'linekit/api'
import { seedContacts, seedKeys, seedLines, seedOtherLines } from 'linekit/mocks'
import { expectError, setup } from '../../test/support/mockHarness'

const SMS_ONLY = '+14155550177' // odd last digit → SMS by default
const NATIVE = '+14155550178' // even → native chat

describe('POST /send-api-message', () => {
  it('normalizes the phone to E.164, answers done with the line and channel, and never carries deduped on a first send', async () => {
    const { post } = setup()
    const r = await post('/send-api-message', { phone: '(415) 555-0178', message: 'Hello' })
    expect(r.status).toBe(200)
    expect(sendMessageResponseSchema.safeParse(r.body).success).toBe(true)
    expect(r.body).toMatchObject({ success: true, status: 'done', phone: NATIVE, messageType: 'nativechat' })
    expect(r.body.devicePhoneNumber).toMatch(/^\+1415555010\d$/)
    expect('deduped' in r.body).toBe(false)
  })

  it('400 on an invalid phone number, and on a message missing without an attachment', async () => {
    const { post } = setup()
    expectError(await post('/send-api-message', { phone: '12', message: 'x' }), 400, 'invalid_phone')
    expectError(await post('/send-api-message', { phone: 'not a phone', message: 'x' }), 400)
    expectError(await post('/send-api-message', { phone: NATIVE }), 400)
    expectError(await post('/send-api-message', { phone: NATIVE, message: '' }), 400)
    const media = await post('/send-api-message', { phone: NATIVE, mediaAttachmentUrl: 'https://cdn.test/a.jpg' })
    expect(media.status).toBe(200)
    expect(media.body.mediaAttachmentUrl).toBe('https://cdn.test/a.jpg')
    expect(
      (await post('/send-api-message', { phone: SMS_ONLY, audioAttachmentUrl: 'https://cdn.test/a.m4a' })).body
        .audioAttachmentUrl,
    ).toBe('https://cdn.test/a.m4a')
  })

  it("lineId: not a UUID v4 → 400, another account's line → 400, own line is used, trial → 403", async () => {
    const { post } = setup()
    expectError(
      await post('/send-api-message', { phone: NATIVE, message: 'x', lineId: 'line-1' }),
      400,
      'invalid_line_id',
    )
    expectError(
      await post('/send-api-message', { phone: NATIVE, message: 'x', lineId: seedOtherLines.crm.lineId }),
      400,
      'invalid_line_id',
    )
    const own = await post('/send-api-message', { phone: NATIVE, message: 'x', lineId: seedLines.shared.lineId })
    expect(own.body.devicePhoneNumber).toBe(seedLines.shared.phoneNumber)
    expectError(
      await post(
        '/send-api-message',
        { phone: NATIVE, message: 'x', lineId: seedOtherLines.trial.lineId },
        seedKeys.trial,
      ),
      403,
    )
    expect(
      (await post('/send-api-message', { phone: NATIVE, message: 'x' }, seedKeys.trial)).body.devicePhoneNumber,
    ).toBe(seedOtherLines.trial.phoneNumber)
  })

  it('a blocked recipient → 403 recipient_blocked, as on group sends (spec: Errors), and nothing is sent', async () => {
    const { post, mock } = setup()
    const before = mock.control.events().length
    expectError(
      await post('/send-api-message', { phone: seedContacts.blocked, message: 'x' }),
      403,
      'recipient_blocked',
    )
    mock.control.setNumber({ phone: NATIVE, blocked: true })
    expectError(
      await post('/send-api-message', { phone: '(415) 555-0178', message: 'x', idempotencyKey: 'k1' }),
      403,
      'recipient_blocked',
    )
    expect(mock.control.events().length).toBe(before)
    mock.control.setNumber({ phone: NATIVE, blocked: false })
    const sent = await post('/send-api-message', { phone: NATIVE, message: 'x', idempotencyKey: 'k1' })
    expect(sent.status).toBe(200)
    expect('deduped' in sent.body).toBe(false)
  })

  it('load balances new destinations across the lines when lineId is omitted, and keeps a conversation on its line', async () => {
    const { post } = setup()
    const used = new Set<string>()
    for (let i = 0; i < 4; i++)
      used.add(
        (await post('/send-api-message', { phone: `+1415555013${i * 2}`, message: 'hi' })).body.devicePhoneNumber,
      )
    expect(used.size).toBe(4)
    const first = (await post('/send-api-message', { phone: '+14155550130', message: 'again' })).body.devicePhoneNumber
    const second = (await post('/send-api-message', { phone: '+14155550130', message: 'and again' })).body
      .devicePhoneNumber
    expect(second).toBe(first)
  })

  it('native chat when reachable, else SMS; effect on an SMS destination → 400', async () => {
    const { post, mock } = setup()
    expect((await post('/send-api-message', { phone: SMS_ONLY, message: 'a' })).body.messageType).toBe('SMS')
    expectError(
      await post('/send-api-message', { phone: SMS_ONLY, message: 'b', effect: 'confetti' }),
      400,
      'effect_requires_nativechat',
    )
    expect((await post('/send-api-message', { phone: NATIVE, message: 'c', effect: 'slam' })).status).toBe(200)
    expectError(await post('/send-api-message', { phone: NATIVE, message: 'd', effect: 'wobble' }), 400)
    mock.control.setNumber({ phone: SMS_ONLY, reachable: true })
    expect(
      (await post('/send-api-message', { phone: SMS_ONLY, message: 'e', effect: 'confetti' })).body.messageType,
    ).toBe('nativechat')
  })

  it('an AI voice memo produces voice_attachment_url on the record', async () => {
    const { post, get } = setup()
    const r = await post('/send-api-message', { phone: NATIVE, message: 'Read me', enableAiVoiceMemo: true })
    expect(r.body.audioAttachmentUrl).toMatch(/^https:\/\/.+\.m4a$/)
    const list = await get(`/get-messages-api?to_number=${encodeURIComponent(NATIVE)}`)
    expect(list.body.data[0].voice_attachment_url).toBe(r.body.audioAttachmentUrl)
    expectError(
      await post('/send-api-message', {
        phone: NATIVE,
        enableAiVoiceMemo: true,
        mediaAttachmentUrl: 'https://cdn.test/a.jpg',
      }),
      400,
    )
  })

  it('customFields must be a plain object of at most 10,000 serialized characters', async () => {
    const { post } = setup()
    expectError(
      await post('/send-api-message', { phone: NATIVE, message: 'x', customFields: { big: 'y'.repeat(10_000) } }),
      400,
    )
    expectError(await post('/send-api-message', { phone: NATIVE, message: 'x', customFields: ['a'] }), 400)
    expect(
      (await post('/send-api-message', { phone: NATIVE, message: 'x', customFields: { ok: 'y'.repeat(9_980) } }))
        .status,
    ).toBe(200)
  })

  it('de-duplicates user + destination + text for one hour when no idempotencyKey is given', async () => {
    const { post, get, mock } = setup()
    const body = { phone: NATIVE, message: 'same text' }
    expect((await post('/send-api-message', body)).body.deduped).toBeUndefined()
    const replay = await post('/send-api-message', { ...body, phone: '415.555.0178' })
    expect(replay.body).toMatchObject({ status: 'done', deduped: true, messageType: 'nativechat' })
    expect((await post('/send-api-message', { ...body, message: 'other text' })).body.deduped).toBeUndefined()
    const sent = async () =>
      (await get(`/get-messages-api?to_number=${encodeURIComponent(NATIVE)}`)).body.pagination.total
    expect(await sent()).toBe(2)
    mock.clock.advance(59 * 60_000)
    expect((await post('/send-api-message', body)).body.deduped).toBe(true)
    mock.clock.advance(60_000)
    expect((await post('/send-api-message', body)).body.deduped).toBeUndefined()
    expect(await sent()).toBe(3)
  })

  it('an idempotencyKey of 1–200 characters de-duplicates; outside the bounds it is ignored, not rejected', async () => {
    const { post } = setup()
    expect(
      (await post('/send-api-message', { phone: NATIVE, message: 'one', idempotencyKey: 'k1' })).body.deduped,
    ).toBeUndefined()
    expect(
      (await post('/send-api-message', { phone: NATIVE, message: 'two', idempotencyKey: 'k1' })).body.deduped,
    ).toBe(true)
    const long = 'k'.repeat(201)
    const a = await post('/send-api-message', { phone: NATIVE, message: 'three', idempotencyKey: long })
    expect(a.status).toBe(200)
    expect(a.body.deduped).toBeUndefined()
    expect(
      (await post('/send-api-message', { phone: NATIVE, message: 'four', idempotencyKey: long })).body.deduped,
    ).toBeUndefined()
    expect(
      (await post('/send-api-message', { phone: NATIVE, message: 'five', idempotencyKey: '' })).body.deduped,
    ).toBeUndefined()
    expect(
      (await post('/send-api-message', { phone: NATIVE, message: 'six', idempotencyKey: 'k'.repeat(200) })).body
        .deduped,
    ).toBeUndefined()
    expect(
      (await post('/send-api-message', { phone: NATIVE, message: 'seven', idempotencyKey: 'k'.repeat(200) })).body
        .deduped,
    ).toBe(true)
  })

  it('replay while in flight → processing + deduped with nulls; after → done + deduped', async () => {
    const { post, get, mock } = setup()
    mock.control.updateSettings({ sendProcessingMs: 5_000 })
    const body = { phone: NATIVE, message: 'slow', idempotencyKey: 'slow-1' }
    const first = await post('/send-api-message', body)
    expect(first.body).toMatchObject({
      status: 'processing',
      messageType: null,
      devicePhoneNumber: null,
      phone: NATIVE,
    })
    expect('deduped' in first.body).toBe(false)
    const inFlight = await post('/send-api-message', body)
    expect(inFlight.body).toMatchObject({
      status: 'processing',
      deduped: true,
      messageType: null,
      devicePhoneNumber: null,
    })
    // not in the list until the send finishes
    expect((await get(`/get-messages-api?to_number=${encodeURIComponent(NATIVE)}`)).body.pagination.total).toBe(0)
    mock.clock.advance(5_000)
    const after = await post('/send-api-message', body)
    expect(after.body).toMatchObject({ status: 'done', deduped: true, messageType: 'nativechat' })
    expect(after.body.devicePhoneNumber).toMatch(/^\+1/)
    expect((await get(`/get-messages-api?to_number=${encodeURIComponent(NATIVE)}`)).body.pagination.total).toBe(1)
  })

  it('stores a pbm_ record that goes pending → delivered by the mock clock', async () => {
    const { post, get, mock } = setup()
    await post('/send-api-message', { phone: NATIVE, message: 'track me' })
    const list = await get(`/get-messages-api?to_number=${encodeURIComponent(NATIVE)}`)
    expect(messagesListResponseSchema.safeParse(list.body).success).toBe(true)
    const record = list.body.data[0]
    expect(record).toMatchObject({
      content: 'track me',
      direction: 'outbound',
      status: 'pending',
      service: 'nativechat',
      to_number: NATIVE,
    })
    expect(record.message_handle).toMatch(/^pbm_/)
    mock.clock.advance(1_000)
    const one = await get(`/get-message-api/${record.message_handle}`)
    expect(messageRecordSchema.safeParse(one.body).success).toBe(true)
    expect(one.body.status).toBe('delivered')
  })

  it('auto-creates the native contact with the create-contact merge rules, unless disabled or a CRM is connected', async () => {
    const { post, get } = setup()
    await post('/send-api-message', {
      phone: NATIVE,
      message: 'a',
      firstName: 'Zoe',
      email: 'z@x.test',
      customFields: { a: 1 },
    })
    await post('/send-api-message', {
      phone: NATIVE,
      message: 'b',
      firstName: 'Other',
      lastName: 'Lee',
      email: 'new@x.test',
      customFields: { b: 2 },
    })
    const contact = (await get(`/get-external-contacts?phone=${encodeURIComponent(NATIVE)}`)).body.contacts[0]
    expect(contact).toMatchObject({
      firstName: 'Zoe',
      lastName: 'Lee',
      email: 'new@x.test',
      customFields: { a: 1, b: 2 },
      phoneNumber: NATIVE,
    })
    await post('/send-api-message', { phone: SMS_ONLY, message: 'c', shouldAutoCreateContact: false })
    expect((await get(`/get-external-contacts?phone=${encodeURIComponent(SMS_ONLY)}`)).body.contacts).toEqual([])
    expect(
      (await post('/send-api-message', { phone: NATIVE, message: 'd', firstName: 'Crm' }, seedKeys.crm)).status,
    ).toBe(200)
    expect((await get('/get-external-contacts', seedKeys.crm)).body.contacts).toEqual([])
  })
})

describe('GET /get-messages-api and /get-message-api/{handle}', () => {
  it('lists the seeded history newest first with pagination, and honours limit/offset bounds', async () => {
    const { get } = setup()
    const all = await get('/get-messages-api')
    expect(all.status).toBe(200)
    expect(all.body.pagination).toEqual({ limit: 100, offset: 0, total: 9 })
    const times = all.body.data.map((m: { created_at: string }) => m.created_at)
    expect([...times].sort().reverse()).toEqual(times)
    const asc = await get('/get-messages-api?order_direction=asc&limit=2&offset=1')
    expect(asc.body.data.map((m: { created_at: string }) => m.created_at)).toEqual([...times].reverse().slice(1, 3))
    expectError(await get('/get-messages-api?limit=0'), 400)
    expectError(await get('/get-messages-api?limit=101'), 400)
    expectError(await get('/get-messages-api?offset=-1'), 400)
    expectError(await get('/get-messages-api?offset=1901&limit=100'), 400)
    expect((await get('/get-messages-api?offset=1900&limit=100')).status).toBe(200)
    expectError(await get('/get-messages-api?limit=abc'), 400)
  })

  it("filters by direction, service, line, numbers and time bounds with the spec's 400s", async () => {
    const { get } = setup()
    const q = async (query: string) => (await get(`/get-messages-api?${query}`)).body
    expect((await q('direction=inbound')).data.every((m: { direction: string }) => m.direction === 'inbound')).toBe(
      true,
    )
    expect((await q('direction=inbound')).pagination.total).toBe(5)
    expect((await q('service=SMS')).pagination.total).toBe(2)
    expect((await q('service=RCS')).pagination.total).toBe(1)
    expect((await q('service=RCS&direction=outbound')).data).toEqual([])
    expect((await q(`pb_line_id=${seedLines.messaging.lineId}`)).pagination.total).toBe(2)
    const fromAva = await q(`from_number=${encodeURIComponent(seedContacts.ava)}`)
    expect(fromAva.pagination.total).toBe(1)
    expect(fromAva.data[0].direction).toBe('inbound')
    expect((await q(`to_number=${encodeURIComponent('(415) 555-0124')}`)).pagination.total).toBe(2)
    expectError(
      await get(`/get-messages-api?from_number=${encodeURIComponent(seedContacts.ava)}&direction=outbound`),
      400,
    )
    expectError(await get(`/get-messages-api?to_number=${encodeURIComponent(seedContacts.ava)}&direction=inbound`), 400)
    expectError(await get('/get-messages-api?created_at_gte=yesterday'), 400)
    expect((await q('created_at_gte=2026-03-02T11:00:00Z')).pagination.total).toBe(4) // the last hour
    expect((await q('created_at_lte=2026-03-02T09:00:00Z')).pagination.total).toBe(1)
    expect((await q('sent_at_gte=2026-03-02T11:00:00Z&sent_at_lte=2026-03-02T11:30:00Z')).pagination.total).toBe(3) // 60, 50 and 45 minutes ago
  })

  it('orders by sentAt when asked', async () => {
    const { post, get, mock } = setup()
    mock.control.updateSettings({ sendProcessingMs: 10_000 })
    await post('/send-api-message', { phone: NATIVE, message: 'slow first' })
    mock.control.updateSettings({ sendProcessingMs: 0 })
    mock.clock.advance(1_000)
    await post('/send-api-message', { phone: NATIVE, message: 'fast second' })
    mock.clock.advance(20_000)
    const q = `to_number=${encodeURIComponent(NATIVE)}`
    expect((await get(`/get-messages-api?${q}`)).body.data.map((m: { content: string }) => m.content)).toEqual([
      'fast second',
      'slow first',
    ])
    expect(
      (await get(`/get-messages-api?${q}&order_by=sentAt`)).body.data.map((m: { content: string }) => m.content),
    ).toEqual(['slow first', 'fast second'])
  })

  it("a single message is 404 when it is not the caller's, 400 when the handle is malformed", async () => {
    const { get } = setup()
    const handle = (await get('/get-messages-api?limit=1')).body.data[0].message_handle
    expect((await get(`/get-message-api/${handle}`)).status).toBe(200)
    expectError(await get(`/get-message-api/${handle}`, seedKeys.crm), 404)
    expectError(await get('/get-message-api/pbm_doesnotexist'), 404)
    expectError(await get('/get-message-api/msg_123'), 400)
    expect((await get('/get-message-api/pbm_%E0%A4%A')).status).toBe(400)
  })

  it('a handle that starts with pbm_ but names no message is 404, whatever follows the prefix (openapi: ^pbm_.+)', async () => {
    const { get, post } = setup()
    for (const handle of ['pbm_does.not.exist', 'pbm_x~y', `pbm_${'a'.repeat(240)}`, 'pbm_ü', 'pbm_a b']) {
      expectError(await get(`/get-message-api/${encodeURIComponent(handle)}`), 404, 'message_not_found')
      expectError(await post('/send-reaction', { messageHandle: handle, reaction: 'love' }), 404, 'message_not_found')
    }
    // The prefix alone, or another prefix, is still malformed.
    expectError(await get('/get-message-api/pbm_'), 400)
    expectError(await get('/get-message-api/PBM_abc'), 400)
  })
})

describe('POST /send-typing-indicator', () => {
  it('needs an existing conversation; SENT on native chat, ERROR in a 200 for SMS and device failures', async () => {
    const { post, mock } = setup()
    expectError(await post('/send-typing-indicator', { phoneNumber: NATIVE }), 400, 'no_conversation')
    const ok = await post('/send-typing-indicator', { phoneNumber: seedContacts.ava })
    expect(ok.body).toEqual({ status: 'SENT', number: seedContacts.ava, error_message: null })
    // a conversation exists on the main line, not on the messaging line
    expectError(
      await post('/send-typing-indicator', { phoneNumber: seedContacts.ava, lineId: seedLines.messaging.lineId }),
      400,
    )
    expect(
      (await post('/send-typing-indicator', { phoneNumber: seedContacts.ava, lineId: seedLines.main.lineId })).body
        .status,
    ).toBe('SENT')
    const sms = await post('/send-typing-indicator', { phoneNumber: seedContacts.ben })
    expect(sms.status).toBe(200)
    expect(sms.body.status).toBe('ERROR')
    expect(sms.body.error_message).toMatch(/native-chat/)
    mock.control.addFault({ path: '/send-typing-indicator', mode: 'device', count: 1 })
    const failed = await post('/send-typing-indicator', { phoneNumber: seedContacts.ava })
    expect(failed.status).toBe(200)
    expect(failed.body.status).toBe('ERROR')
    expect((await post('/send-typing-indicator', { phoneNumber: seedContacts.ava })).body.status).toBe('SENT')
    await post('/send-api-message', { phone: NATIVE, message: 'start' })
    expect((await post('/send-typing-indicator', { phoneNumber: NATIVE })).body.status).toBe('SENT')
  })
})

describe('POST /send-reaction', () => {
  const handles = async (get: ReturnType<typeof setup>['get']) => {
    const data: { message_handle: string; direction: string; service: string }[] = (await get('/get-messages-api')).body
      .data
    const find = (direction: string, service: string) =>
      data.find((m) => m.direction === direction && m.service === service)!.message_handle
    return {
      inboundNative: find('inbound', 'nativechat'),
      outbound: find('outbound', 'nativechat'),
      sms: find('inbound', 'SMS'),
      rcs: find('inbound', 'RCS'),
    }
  }

  it('reacts to inbound native-chat messages only; SMS/RCS and outbound → ERROR in a 200', async () => {
    const { post, get, mock } = setup()
    const h = await handles(get)
    const ok = await post('/send-reaction', { messageHandle: h.inboundNative, reaction: 'love', partIndex: 1 })
    expect(ok.body).toEqual({
      status: 'SENT',
      messageHandle: h.inboundNative,
      reaction: 'love',
      remove: false,
      error_message: null,
    })
    const removed = await post('/send-reaction', {
      messageHandle: h.inboundNative,
      reaction: 'love',
      remove: true,
      partIndex: 1,
    })
    expect(removed.body).toMatchObject({ status: 'SENT', remove: true })
    for (const handle of [h.sms, h.rcs]) {
      const r = await post('/send-reaction', { messageHandle: handle, reaction: 'like' })
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({ status: 'ERROR' })
      expect(r.body.error_message).toMatch(/native-chat/)
    }
    const out = await post('/send-reaction', { messageHandle: h.outbound, reaction: 'like' })
    expect(out.body.status).toBe('ERROR')
    expect(out.body.error_message).toMatch(/outbound/)
    mock.control.addFault({ path: '/send-reaction', mode: 'device' })
    expect((await post('/send-reaction', { messageHandle: h.inboundNative, reaction: 'laugh' })).body.status).toBe(
      'ERROR',
    )
  })

  it('validates the body and ownership', async () => {
    const { post, get } = setup()
    const h = await handles(get)
    expectError(await post('/send-reaction', { messageHandle: h.inboundNative, reaction: 'wow' }), 400)
    expectError(await post('/send-reaction', { messageHandle: h.inboundNative, reaction: 'like', partIndex: -1 }), 400)
    expectError(await post('/send-reaction', { messageHandle: 'abc', reaction: 'like' }), 400)
    expectError(await post('/send-reaction', { messageHandle: h.inboundNative, reaction: 'like' }, seedKeys.crm), 404)
  })
})

describe('GET /get-effects', () => {
  it('lists the bubble and screen effects', async () => {
    const { get } = setup()
    const r = await get('/get-effects')
    expect(r.body.bubble).toEqual(['slam', 'loud', 'gentle', 'invisible-ink'])
    expect(r.body.screen).toHaveLength(9)
  })
})
