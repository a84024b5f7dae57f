import { describe, expect, it } from 'vitest'
import { linesResponseSchema } from 'linekit/api'
import { seedKeys, seedLines } from 'linekit/mocks'
import { expectError, setup } from '../../test/support/mockHarness'

describe('GET /get-lines', () => {
  it('is an array for production accounts with the seeded kinds of line', async () => {
    const { get } = setup()
    const r = await get('/get-lines')
    expect(linesResponseSchema.safeParse(r.body).success).toBe(true)
    expect(Array.isArray(r.body)).toBe(true)
    expect(r.body.map((l: { lineId: string }) => l.lineId)).toEqual(Object.values(seedLines).map((l) => l.lineId))
    expect(r.body[0]).toMatchObject({ audioCallEnabled: true, inboundNumber: seedLines.main.phoneNumber })
    expect(r.body[0].ringSet.length).toBeGreaterThan(0)
    expect(r.body[1].audioCallEnabled).toBe(false)
    expect(r.body[2].shared).toBe(true)
    expect(r.body[3].inboundOnly).toBe(true)
  })

  it('is a trial descriptor for trial accounts', async () => {
    const { get } = setup()
    const r = await get('/get-lines', seedKeys.trial)
    expect(r.body.trial).toBe(true)
    expect(linesResponseSchema.safeParse(r.body).success).toBe(true)
  })
})

describe('POST /api-check-native-availability', () => {
  it('answers available by the number, follows the control API, 400 on an invalid number', async () => {
    const { post, mock } = setup()
    expect((await post('/api-check-native-availability', { phone: '415 555 0124' })).body).toEqual({
      phone: '+14155550124',
      available: true,
      service: 'nativechat',
    })
    expect((await post('/api-check-native-availability', { phone: '+14155550137' })).body.available).toBe(false)
    mock.control.setNumber({ phone: '+14155550124', reachable: false })
    expect((await post('/api-check-native-availability', { phone: '+14155550124' })).body.available).toBe(false)
    expectError(await post('/api-check-native-availability', { phone: 'abc' }), 400)
    expectError(await post('/api-check-native-availability', {}), 400)
  })
})
