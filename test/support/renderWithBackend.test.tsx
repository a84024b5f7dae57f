import { describe, expect, it } from 'vitest'
import { BASE, createBackend } from './renderWithBackend'
import { installMsw, msw } from './msw'

installMsw()

describe('the test harness', () => {
  it('reaches the mock through the real server handler, mint included', async () => {
    const backend = createBackend()
    msw.use(...backend.handlers)
    const response = await fetch(`${BASE}/get-lines`)
    expect(response.status).toBe(200)
    const lines = (await response.json()) as Array<{ lineId: string }>
    expect(lines.map((l) => l.lineId)).toEqual(backend.lines.map((l) => l.lineId))
    const mint = await fetch(`${BASE}/dialer/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-linekit-csrf': '1' },
      body: JSON.stringify({ lineId: backend.lines[0]!.lineId }),
    })
    expect(mint.status).toBe(200)
    expect(await mint.json()).toMatchObject({ maxCallsPerToken: 10, ttlSeconds: 900 })
  })
})
