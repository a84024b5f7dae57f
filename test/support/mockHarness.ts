/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies in tests are arbitrary JSON */
/**
 * Test harness for the mock service: a fresh instance on a manual clock, and `call()` that
 * returns status, headers and parsed JSON.
 */
import { expect } from 'vitest'
import { messagingErrorBodySchema } from 'linekit/api'
import { createMockClock, createMockService, seedKeys, type MockService } from 'linekit/mocks'

export const T0 = '2026-03-02T12:00:00.000Z'

export interface CallResult<T = any> {
  status: number
  headers: Headers
  body: T
}

export interface Harness {
  mock: MockService
  /** Calls the service with the production key unless `key` is given (null → no auth header). */
  call<T = any>(method: string, path: string, body?: unknown, key?: string | null): Promise<CallResult<T>>
  get<T = any>(path: string, key?: string | null): Promise<CallResult<T>>
  post<T = any>(path: string, body?: unknown, key?: string | null): Promise<CallResult<T>>
}

/** A fresh mock (manual clock at {@link T0}, rate limit on). */
export function setup(options: { rateLimit?: boolean } = {}): Harness {
  const mock = createMockService({ clock: createMockClock({ now: T0 }) })
  if (options.rateLimit === false) mock.control.updateSettings({ rateLimitPerMinute: 0 })
  const call = async (method: string, path: string, body?: unknown, key: string | null = seedKeys.production) => {
    const headers: Record<string, string> = {}
    if (key !== null) headers.authorization = `Bearer ${key}`
    let payload: string | undefined
    if (body !== undefined) {
      headers['content-type'] = 'application/json'
      payload = typeof body === 'string' ? body : JSON.stringify(body)
    }
    const response = await mock.fetch(`https://api.example.test${path}`, { method, headers, body: payload })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // non-JSON body (fault injection)
    }
    return { status: response.status, headers: response.headers, body: parsed as any }
  }
  return {
    mock,
    call,
    get: (path, key) => call('GET', path, undefined, key),
    post: (path, body, key) => call('POST', path, body ?? {}, key),
  }
}

/** Asserts an error status with the messaging error body and (optionally) its code. */
export function expectError(result: CallResult, status: number, code?: string): void {
  expect(result.status, JSON.stringify(result.body)).toBe(status)
  expect(messagingErrorBodySchema.safeParse(result.body).success).toBe(true)
  expect(typeof result.body.error).toBe('string')
  if (code !== undefined) expect(result.body.code).toBe(code)
}
