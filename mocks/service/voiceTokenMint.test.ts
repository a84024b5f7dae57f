import { describe, expect, it } from 'vitest'
import { mintErrorBodySchema, voiceTokenResponseSchema } from '../../src/api/schemas'
import { completeCallLog, recordAttempt } from './dialerCallLogs'
import { MockHttpError } from './serviceErrors'
import { createMockClock, createMockCore } from './index'
import { attachDailyReset, authenticateMintKey, mintVoiceToken, useVoiceToken, type MintCaller } from './voiceTokenMint'
import { seedAccountIds, seedKeys, seedLines, seedOtherLines } from './seed'
import type { MockState } from './mockState'
import type { Account } from './stateRecords'

function setup(now = '2026-01-15T12:00:00Z') {
  const clock = createMockClock({ now })
  const { state } = createMockCore({ clock })
  const caller = (key: string = seedKeys.production) => authenticateMintKey(state, `Bearer ${key}`)
  const mint = (lineId: unknown = seedLines.main.lineId, c: MintCaller = caller()) =>
    mintVoiceToken(state, c, { lineId })
  return { state, clock, caller, mint }
}

function mintError(fn: () => unknown): {
  status: number
  body: Record<string, unknown>
  headers: Record<string, string>
} {
  try {
    fn()
  } catch (error) {
    if (error instanceof MockHttpError) {
      const body = error.body()
      expect(mintErrorBodySchema.safeParse(body).success).toBe(true)
      expect(body).not.toHaveProperty('hint')
      return { status: error.status, body, headers: error.headers }
    }
    throw error
  }
  throw new Error('expected a mint error')
}

const production = (state: MockState) => state.accounts.get(seedAccountIds.production) as Account

describe('voice-token mint', () => {
  it('returns the full response', () => {
    const { mint } = setup()
    const token = mint()
    expect(voiceTokenResponseSchema.safeParse(token).success).toBe(true)
    expect(token).toEqual({
      token: expect.stringMatching(/^vt_/),
      expiresAt: '2026-01-15T12:15:00.000Z',
      ttlSeconds: 900,
      lineId: seedLines.main.lineId,
      inboundEnabled: true,
      maxCallsPerToken: 10,
      allowance: {
        state: 'ok',
        used: 0,
        included: 120,
        cap: 240,
        pct: 0,
        periodEnd: '2026-01-16T00:00:00.000Z',
        line: { used: 0, cap: null, capped: false },
      },
    })
  })

  it('inboundEnabled needs an inbound number and someone in the ring set, and may vary between mints', () => {
    const { state, mint } = setup()
    const line = state.lines.get(seedLines.main.lineId)
    if (!line) throw new Error('seed')
    line.ringSet = []
    expect(mint().inboundEnabled).toBe(false)
    line.ringSet = ['owner@acme.test']
    line.inboundNumber = null
    expect(mint().inboundEnabled).toBe(false)
    line.inboundNumber = line.phoneNumber
    expect(mint().inboundEnabled).toBe(true)
  })

  it('allowance: soft near the included minutes, whole percent, line standing', () => {
    const { state, mint } = setup()
    const account = production(state)
    account.dialer.usedMinutes = 95
    const line = state.lines.get(seedLines.main.lineId)
    if (!line) throw new Error('seed')
    line.dailyCapMinutes = 60
    line.usedMinutesToday = 12
    const { allowance } = mint()
    expect(allowance).toMatchObject({ state: 'ok', used: 95, pct: 79, line: { used: 12, cap: 60, capped: false } })
    account.dialer.usedMinutes = 96
    expect(mint().allowance).toMatchObject({ state: 'soft', pct: 80 })
    account.dialer.usedMinutes = 150 // over the included minutes but under the cap: still 200, soft
    expect(mint().allowance).toMatchObject({ state: 'soft', pct: 125 })
  })

  it('allowance is null when the plan cannot be read; the token is still issued', () => {
    const { state, mint } = setup()
    production(state).dialer.planReadable = false
    const token = mint()
    expect(token.allowance).toBeNull()
    expect(token.token).toMatch(/^vt_/)
  })

  it('401 invalid_api_key for missing, wrong or revoked keys; 403 api_key_unsupported for a legacy key', () => {
    const { state } = setup()
    expect(mintError(() => authenticateMintKey(state, null))).toMatchObject({
      status: 401,
      body: { code: 'invalid_api_key' },
    })
    expect(mintError(() => authenticateMintKey(state, 'Bearer nope'))).toMatchObject({
      status: 401,
      body: { code: 'invalid_api_key' },
    })
    const key = state.apiKeys.get(seedKeys.production)
    if (key) key.revoked = true
    expect(mintError(() => authenticateMintKey(state, `Bearer ${seedKeys.production}`)).status).toBe(401)
    expect(mintError(() => authenticateMintKey(state, `Bearer ${seedKeys.legacyKey}`))).toMatchObject({
      status: 403,
      body: { code: 'api_key_unsupported' },
    })
  })

  it('every refusal of the table, with its code', () => {
    const { state, caller, mint } = setup()
    const cases: Array<[() => unknown, number, string]> = [
      [() => mintVoiceToken(state, caller(), {}), 400, 'invalid_line_id'],
      [() => mintVoiceToken(state, caller(), undefined), 400, 'invalid_line_id'],
      [() => mint('not-a-uuid'), 400, 'invalid_line_id'],
      [() => mint('00000000-0000-4000-8000-000000000000'), 404, 'line_not_found'],
      [() => mint(seedOtherLines.crm.lineId), 404, 'line_not_found'],
      [() => mint(seedLines.inboundOnly.lineId), 403, 'line_inbound_only'],
      [() => mint(seedLines.shared.lineId), 403, 'line_not_eligible'],
      [() => mint(seedOtherLines.trial.lineId, caller(seedKeys.trial)), 403, 'dialer_subscription_required'],
      [() => mint(seedOtherLines.noAudio.lineId, caller(seedKeys.noAudio)), 403, 'dialer_subscription_required'],
      [() => mint(seedOtherLines.paywalled.lineId, caller(seedKeys.paywalled)), 402, 'account_paywalled'],
      [
        () => mint(seedOtherLines.notProvisioned.lineId, caller(seedKeys.notProvisioned)),
        404,
        'dialer_not_provisioned',
      ],
      [() => mint(seedOtherLines.capped.lineId, caller(seedKeys.capped)), 402, 'dialer_cap_reached'],
    ]
    for (const [fn, status, code] of cases) expect(mintError(fn), code).toMatchObject({ status, body: { code } })
    production(state).dialer.configured = false
    expect(mintError(() => mint())).toMatchObject({ status: 500, body: { code: 'dialer_misconfigured' } })
  })

  it('a trial line is refused as not eligible when the account has the add-on', () => {
    const { state, caller, mint } = setup()
    const trial = state.accounts.get(seedAccountIds.trial) as Account
    trial.features.dialerAddon = true
    expect(mintError(() => mint(seedOtherLines.trial.lineId, caller(seedKeys.trial)))).toMatchObject({
      status: 403,
      body: { code: 'line_not_eligible' },
    })
  })

  it('the cap body carries used, included, cap and periodEnd', () => {
    const { caller, mint } = setup()
    const error = mintError(() => mint(seedOtherLines.cappedSecond.lineId, caller(seedKeys.capped)))
    expect(error.status).toBe(402)
    expect(error.body).toMatchObject({
      code: 'dialer_cap_reached',
      used: 120,
      included: 120,
      cap: 120,
      periodEnd: '2026-01-16T00:00:00.000Z',
    })
  })

  it('a line that hit its cap is 402 even when the workspace has minutes', () => {
    const { state, mint } = setup()
    const line = state.lines.get(seedLines.main.lineId)
    if (!line) throw new Error('seed')
    line.dailyCapMinutes = 3
    expect(mint().allowance?.line).toEqual({ used: 0, cap: 3, capped: false })
    const account = production(state)
    const attempt = recordAttempt(state, account, { lineId: line.lineId, to: '+14155550150' })
    completeCallLog(state, attempt.id, { outcome: 'answered', durationSeconds: 150 })
    expect(account.dialer.usedMinutes).toBe(3)
    const error = mintError(() => mint())
    expect(error).toMatchObject({ status: 402, body: { code: 'dialer_cap_reached', used: 3, cap: 3 } })
    expect(account.dialer.usedMinutes).toBeLessThan(account.dialer.includedMinutes)
  })

  it('30 mints per minute per key; 429 carries retryAfterSeconds and the same Retry-After; malformed requests use no slot', () => {
    const { clock, caller, mint, state } = setup()
    for (let i = 0; i < 10; i++) expect(mintError(() => mint('bad')).status).toBe(400)
    for (let i = 0; i < 30; i++) {
      mint()
      clock.advance(1_000)
    }
    const limited = mintError(() => mint())
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('rate_limited')
    expect(limited.body.retryAfterSeconds).toBe(30)
    expect(limited.headers['Retry-After']).toBe('30')
    // Still 400 (not 429) for malformed requests while limited.
    expect(mintError(() => mint('bad')).status).toBe(400)
    // Another key has its own budget.
    const crmLine = seedOtherLines.crm.lineId
    expect(mintVoiceToken(state, caller(seedKeys.crm), { lineId: crmLine }).lineId).toBe(crmLine)
    clock.advance(30_000)
    expect(mint().lineId).toBe(seedLines.main.lineId)
  })

  it('minutes reset at UTC midnight by the mock clock', () => {
    const { state, clock, caller, mint } = setup('2026-01-15T23:59:00Z')
    attachDailyReset(state)
    expect(mintError(() => mint(seedOtherLines.capped.lineId, caller(seedKeys.capped))).status).toBe(402)
    clock.advance(59_999)
    expect(mintError(() => mint(seedOtherLines.capped.lineId, caller(seedKeys.capped))).status).toBe(402)
    clock.advance(1)
    const token = mint(seedOtherLines.capped.lineId, caller(seedKeys.capped))
    expect(token.allowance).toMatchObject({
      used: 0,
      periodEnd: '2026-01-17T00:00:00.000Z',
      line: { used: 0, capped: false },
    })
    // And again the next night (the timer re-arms itself).
    production(state).dialer.usedMinutes = 50
    clock.advance(24 * 3600_000)
    expect(mint().allowance?.used).toBe(0)
  })

  it('a token places at most 10 calls and expires after 15 minutes', () => {
    const { state, clock, mint } = setup()
    const { token } = mint()
    for (let i = 0; i < 10; i++) useVoiceToken(state, token)
    expect(() => useVoiceToken(state, token)).toThrow(/at most 10/)
    const second = mint().token
    clock.advance(900_000)
    expect(() => useVoiceToken(state, second)).toThrow(/expired/)
  })
})
