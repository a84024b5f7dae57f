// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { bytesInclude, deadlineSignal, forwardableHeaders, messagingError, Reply } from './http'
import { cancellationOf } from './upstream'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('bytesInclude', () => {
  it('finds the needle at the start, in the middle and at the very end', () => {
    expect(bytesInclude(bytes('lk_key and more'), bytes('lk_key'))).toBe(true)
    expect(bytesInclude(bytes('a lk_lk_key b'), bytes('lk_key'))).toBe(true)
    expect(bytesInclude(bytes('ends with lk_key'), bytes('lk_key'))).toBe(true)
  })

  it('does not match a prefix cut off by the end, a near miss, or an empty needle', () => {
    expect(bytesInclude(bytes('ends with lk_ke'), bytes('lk_key'))).toBe(false)
    expect(bytesInclude(bytes('lk_kez lk_keY'), bytes('lk_key'))).toBe(false)
    expect(bytesInclude(bytes('anything'), bytes(''))).toBe(false)
    expect(bytesInclude(bytes(''), bytes('x'))).toBe(false)
  })
})

describe('Reply', () => {
  it('becomes a Response with its status, status text, headers and body', async () => {
    const response = new Reply(
      429,
      { 'content-type': 'application/json', 'retry-after': '3' },
      bytes('{"ok":false}'),
      'Too Many',
    ).toResponse()
    expect(response.status).toBe(429)
    expect(response.statusText).toBe('Too Many')
    expect(response.headers.get('retry-after')).toBe('3')
    expect(await response.text()).toBe('{"ok":false}')
    expect(await new Reply(204, {}, null).toResponse().text()).toBe('')
  })

  it('is what json() and the error helpers build', () => {
    const reply = messagingError(403, 'forbidden', 'No', 'Ask.')
    expect(reply).toBeInstanceOf(Reply)
    expect(reply.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(reply.body as string)).toEqual({ error: 'No', code: 'forbidden', hint: 'Ask.' })
  })
})

describe('forwardableHeaders', () => {
  it('drops hop-by-hop, cookie and encoding headers and any value holding the key, and adds the safety headers', () => {
    const out = forwardableHeaders(
      {
        'content-type': 'application/json',
        'retry-after': '5',
        'set-cookie': ['a=1', 'b=2'],
        'content-encoding': 'gzip',
        connection: 'keep-alive',
        'x-echo': 'Bearer lk_key',
        vary: undefined,
      },
      'lk_key',
    )
    expect(out).toEqual({
      'content-type': 'application/json',
      'retry-after': '5',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    })
    expect(forwardableHeaders({ 'cache-control': 'private, max-age=5', link: ['<a>', '<b>'] }, 'k')).toMatchObject({
      'cache-control': 'private, max-age=5',
      link: '<a>, <b>',
    })
  })
})

describe('deadlineSignal', () => {
  it('aborts with a TimeoutError after the time limit', async () => {
    const { signal } = deadlineSignal(undefined, 10)
    await new Promise((resolve) => signal.addEventListener('abort', resolve))
    expect((signal.reason as DOMException).name).toBe('TimeoutError')
  })

  it('follows the parent, also one already aborted, and clear() stops both', async () => {
    const parent = new AbortController()
    const followed = deadlineSignal(cancellationOf(parent.signal), 60_000)
    parent.abort(new Error('left'))
    expect(followed.signal.reason).toEqual(new Error('left'))
    followed.clear()
    expect(deadlineSignal(cancellationOf(parent.signal), 60_000).signal.aborted).toBe(true)

    const other = new AbortController()
    const cleared = deadlineSignal(cancellationOf(other.signal), 10)
    cleared.clear()
    other.abort()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(cleared.signal.aborted).toBe(false)
  })
})
