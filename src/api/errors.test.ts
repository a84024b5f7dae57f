import { describe, expect, it } from 'vitest'
import { LinekitError, linekitErrorFromBody, linekitErrorFromResponse, parseRetryAfter } from './errors'

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z')
  it('reads delta-seconds and HTTP dates (against an injected clock)', () => {
    expect(parseRetryAfter('30', now)).toBe(30)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:45 GMT', now)).toBe(45)
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })
})

describe('linekitErrorFromResponse', () => {
  it('prefers the Retry-After header over the body', async () => {
    const res = new Response(JSON.stringify({ error: 'x', code: 'rate_limited', retryAfterSeconds: 5 }), {
      status: 429,
      headers: { 'retry-after': '7' },
    })
    const e = await linekitErrorFromResponse(res, { errorShape: 'mint' })
    expect(e).toMatchObject({ retryAfterSeconds: 7, sdkCode: 'rate_limited', retrySafe: true })
  })

  it('an empty error body still gives a LinekitError with a status code', async () => {
    const e = await linekitErrorFromResponse(new Response(null, { status: 500 }), { idempotent: false })
    expect(e).toBeInstanceOf(LinekitError)
    expect(e).toMatchObject({ status: 500, code: 'internal_error', retrySafe: false })
  })

  it('unknown mint codes map to token_unavailable', () => {
    expect(linekitErrorFromBody(418, { error: 'teapot', code: 'teapot' }, { errorShape: 'mint' }).sdkCode).toBe(
      'token_unavailable',
    )
    expect(linekitErrorFromBody(418, { error: 'teapot' }, {}).sdkCode).toBeUndefined()
    expect(linekitErrorFromBody(418, { error: 'teapot' }, {}).code).toBe('http_418')
  })
})
