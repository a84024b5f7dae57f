import { describe, expect, it } from 'vitest'
import { forwardableHeaders, LinekitHttpError, messagingError, readBodyCapped, BodyTooLargeError } from './http'

describe('refusals', () => {
  it('are one Error subclass carrying the response in the messaging error shape', async () => {
    const refusal = messagingError(403, 'forbidden', 'No', 'Ask.', { 'x-extra': '1' })
    expect(refusal).toBeInstanceOf(LinekitHttpError)
    expect(refusal).toBeInstanceOf(Error)
    expect(refusal.response.status).toBe(403)
    expect(refusal.response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(refusal.response.headers.get('x-extra')).toBe('1')
    expect(await refusal.response.json()).toEqual({ error: 'No', code: 'forbidden', hint: 'Ask.' })
  })
})

describe('forwardableHeaders', () => {
  it('drops hop-by-hop, cookie and encoding headers and any value holding the key, and adds the safety headers', () => {
    const upstream = new Headers({
      'content-type': 'application/json',
      'retry-after': '5',
      'content-encoding': 'gzip',
      connection: 'keep-alive',
      'x-echo': 'Bearer lk_key',
    })
    upstream.append('set-cookie', 'a=1')
    expect(Object.fromEntries(forwardableHeaders(upstream, 'lk_key'))).toEqual({
      'content-type': 'application/json',
      'retry-after': '5',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    })
    const kept = forwardableHeaders(new Headers({ 'cache-control': 'private, max-age=5' }), 'k')
    expect(kept.get('cache-control')).toBe('private, max-age=5')
  })
})

describe('readBodyCapped', () => {
  it('reads a body within the cap and refuses one past it', async () => {
    const post = (body: string) => new Request('https://x.example', { method: 'POST', body })
    expect(await readBodyCapped(post('hello'), 10)).toBe('hello')
    await expect(readBodyCapped(post('x'.repeat(11)), 10)).rejects.toBeInstanceOf(BodyTooLargeError)
  })
})
