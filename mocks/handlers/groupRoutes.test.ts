import { describe, expect, it } from 'vitest'
import { groupConflictBodySchema, groupSendResponseSchema } from 'linekit/api'
import { seedContacts, seedKeys, seedLines } from 'linekit/mocks'
import { expectError, setup } from '../../test/support/mockHarness'

const A = '+14155550180'
const B = '+14155550182'
const C = '+14155550184'
const ODD = '+14155550185'

describe('POST /send-group-message', () => {
  it('normalizes and de-duplicates before counting 2–32 recipients', async () => {
    const { post } = setup()
    expectError(
      await post('/send-group-message', { numbers: [A, '(415) 555-0180'], message: 'x' }),
      400,
      'invalid_recipient_count',
    )
    expectError(await post('/send-group-message', { numbers: [A], message: 'x' }), 400)
    const many = Array.from({ length: 33 }, (_, i) => `+1415555${String(1000 + i).padStart(4, '0')}`)
    expectError(await post('/send-group-message', { numbers: many, message: 'x' }), 400, 'invalid_recipient_count')
    const ok = await post('/send-group-message', {
      numbers: [...many.slice(0, 32), many[0]!.replace('+1', '')],
      message: 'x',
    })
    expect(ok.status).toBe(200)
    expect(ok.body.recipients).toHaveLength(32)
    expectError(await post('/send-group-message', { numbers: [A, '12'], message: 'x' }), 400)
  })

  it('rejects email and chat handles, both attachments, and a missing message', async () => {
    const { post } = setup()
    expectError(await post('/send-group-message', { numbers: [A, 'bob@example.com'], message: 'x' }), 400)
    expectError(await post('/send-group-message', { numbers: [A, 'chat123456789'], message: 'x' }), 400)
    expectError(
      await post('/send-group-message', {
        numbers: [A, B],
        mediaAttachmentUrl: 'https://c.test/a.jpg',
        audioAttachmentUrl: 'https://c.test/a.m4a',
      }),
      400,
    )
    expectError(await post('/send-group-message', { numbers: [A, B] }), 400)
    expect(
      (await post('/send-group-message', { numbers: [A, B], mediaAttachmentUrl: 'https://c.test/a.jpg' })).status,
    ).toBe(200)
  })

  it('403 on trial accounts and for blocked recipients', async () => {
    const { post, mock } = setup()
    expectError(await post('/send-group-message', { numbers: [A, B], message: 'x' }, seedKeys.trial), 403)
    expectError(
      await post('/send-group-message', { numbers: [A, seedContacts.blocked], message: 'x' }),
      403,
      'recipient_blocked',
    )
    mock.control.setNumber({ phone: C, blocked: true })
    expectError(await post('/send-group-message', { numbers: [A, C], message: 'x' }, seedKeys.crm), 403)
  })

  it('the same participant set reuses the pbg_ thread: created only the first time, groupName only on creation', async () => {
    const { post, mock } = setup()
    const first = await post('/send-group-message', { numbers: [A, B, C], message: 'hi', groupName: 'Trio' })
    expect(groupSendResponseSchema.safeParse(first.body).success).toBe(true)
    expect(first.body).toMatchObject({
      success: true,
      status: 'queued',
      created: true,
      groupStatus: 'creating',
      service: null,
      recipients: [A, B, C],
    })
    expect(first.body.groupId).toMatch(/^pbg_/)
    const again = await post('/send-group-message', {
      numbers: [C, '415-555-0180', B],
      message: 'again',
      groupName: 'Renamed',
    })
    expect(again.body).toMatchObject({ created: false, groupId: first.body.groupId })
    const group = mock.state.accounts.get('acct_production')!.groupsById.get(first.body.groupId)!
    expect(group.name).toBe('Trio')
  })

  it('goes creating → active once the chat exists (mock clock)', async () => {
    const { post, mock } = setup()
    const first = await post('/send-group-message', { numbers: [A, B], message: 'hi' })
    expect(first.body.groupStatus).toBe('creating')
    mock.clock.advance(1_999)
    expect((await post('/send-group-message', { numbers: [A, B], message: 'still' })).body.groupStatus).toBe('creating')
    mock.clock.advance(1)
    expect((await post('/send-group-message', { numbers: [A, B], message: 'now' })).body.groupStatus).toBe('active')
  })

  it('reuse on a different line → 409 with devicePhoneNumber', async () => {
    const { post } = setup()
    const first = await post('/send-group-message', { numbers: [A, B], message: 'hi', lineId: seedLines.shared.lineId })
    expect(first.body.devicePhoneNumber).toBe(seedLines.shared.phoneNumber)
    const conflict = await post('/send-group-message', { numbers: [A, B], message: 'x', lineId: seedLines.main.lineId })
    expectError(conflict, 409)
    expect(groupConflictBodySchema.safeParse(conflict.body).success).toBe(true)
    expect(conflict.body.devicePhoneNumber).toBe(seedLines.shared.phoneNumber)
    expect(
      (await post('/send-group-message', { numbers: [A, B], message: 'x', lineId: seedLines.shared.lineId })).status,
    ).toBe(200)
    expectError(await post('/send-group-message', { numbers: [A, B], message: 'x', lineId: 'nope' }), 400)
  })

  it('native chat only when every participant is reachable; outbound to_number is the chat identifier; inbound replies carry the participant', async () => {
    const { post, get, mock } = setup()
    const native = await post('/send-group-message', { numbers: [A, B], message: 'all native' })
    const mixed = await post('/send-group-message', { numbers: [A, ODD], message: 'one SMS' })
    mock.clock.advance(5_000)
    const out = (await get('/get-messages-api?direction=outbound&limit=5')).body.data
    const byText = (t: string) => out.find((m: { content: string }) => m.content === t)
    expect(byText('all native')).toMatchObject({ service: 'nativechat', status: 'delivered' })
    expect(byText('one SMS').service).toBe('SMS')
    expect(byText('all native').to_number).toMatch(/^chat/)
    const reply = mock.control.injectInbound({ from: B, groupId: native.body.groupId, message: 'reply!' })
    expect(reply).toMatchObject({
      from_number: B,
      direction: 'inbound',
      service: 'nativechat',
      to_number: byText('all native').to_number,
    })
    expect(() =>
      mock.control.injectInbound({ from: C, groupId: mixed.body.groupId, message: 'not a member' }),
    ).toThrow()
  })

  it('an idempotent replay returns queued with null groupId and devicePhoneNumber and sends nothing', async () => {
    const { post, get, mock } = setup()
    const first = await post('/send-group-message', { numbers: [A, B], message: 'once', idempotencyKey: 'g-1' })
    const replay = await post('/send-group-message', { numbers: [A, B], message: 'once', idempotencyKey: 'g-1' })
    expect(replay.body).toMatchObject({ status: 'queued', groupId: null, devicePhoneNumber: null, created: false })
    expect(first.body.groupId).not.toBeNull()
    mock.clock.advance(5_000)
    const sent = (await get('/get-messages-api?direction=outbound')).body.data.filter(
      (m: { content: string }) => m.content === 'once',
    )
    expect(sent).toHaveLength(1)
  })
})

describe('group rules with nothing to show on the wire', () => {
  it('group sends are not mirrored into a connected CRM (spec: rule 3); a 1:1 send is', async () => {
    const { post, mock } = setup()
    const crm = mock.control.account({ apiKey: seedKeys.crm })
    const sent = await post('/send-group-message', { numbers: [A, B], message: 'team' }, seedKeys.crm)
    expect(sent.status).toBe(200)
    mock.clock.advance(5_000)
    expect([...crm.crmContacts]).toEqual([])
    // The same account's 1:1 send does create the contact in the CRM: the observation works.
    expect((await post('/send-api-message', { phone: A, message: 'one to one' }, seedKeys.crm)).status).toBe(200)
    expect([...crm.crmContacts]).toEqual([A])
  })

  it('the pbg_ id is not accepted as a filter of the messages list (spec: rule 5)', async () => {
    const { post, get } = setup()
    const { groupId } = (await post('/send-group-message', { numbers: [A, B], message: 'x' })).body as {
      groupId: string
    }
    expect(groupId).toMatch(/^pbg_/)
    const all = (await get('/get-messages-api')).body.pagination.total as number
    // As a number filter it is refused; under any other name it filters nothing.
    expectError(await get(`/get-messages-api?to_number=${groupId}`), 400)
    expectError(await get(`/get-messages-api?from_number=${groupId}`), 400)
    for (const name of ['groupId', 'group_id', 'pbg_id']) {
      const listed = await get(`/get-messages-api?${name}=${groupId}`)
      expect(listed.status).toBe(200)
      expect(listed.body.pagination.total).toBe(all)
    }
  })
})
