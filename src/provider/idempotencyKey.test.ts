import { describe, expect, it } from 'vitest'
import type { SendMessageRequest } from '../api'
import { withIdempotencyKey } from './idempotencyKey'

describe('withIdempotencyKey: one key per user send', () => {
  it('keeps the key the caller chose', () => {
    const body = { phone: '+14155550124', message: 'hi', idempotencyKey: 'order-42' }
    expect(withIdempotencyKey(body)).toBe(body)
  })

  it('gives the same body object the same key every time (a retry or a replay of one send)', () => {
    const body: SendMessageRequest = { phone: '+14155550124', message: 'hi' }
    const first = withIdempotencyKey(body)
    expect(first.idempotencyKey).toMatch(/^lk-/)
    expect(withIdempotencyKey(body).idempotencyKey).toBe(first.idempotencyKey)
    // A keyed body keeps its key.
    expect(withIdempotencyKey(first)).toBe(first)
    // The caller's object is left as it was.
    expect(body).toEqual({ phone: '+14155550124', message: 'hi' })
  })

  it('gives another send (another object, even with equal fields) another key', () => {
    const send = (): SendMessageRequest => ({ phone: '+14155550124', message: 'ok' })
    const a = withIdempotencyKey(send())
    const b = withIdempotencyKey(send())
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey)
  })
})
