/**
 * The mock's development upload route, over real HTTP as `linekit-mock` serves it: the README's upload example's
 * steps (sign → PUT the file from another origin → send the returned URL) work against it with no storage of the
 * app's own, and the file is served back at its URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedContacts, seedKeys, seedLines } from 'linekit/mocks'
import type { MockServer } from 'linekit/mocks/node'
import { startMockServer } from 'linekit/mocks/node'

let mock: MockServer
beforeAll(async () => {
  mock = await startMockServer({ port: 0 })
})
afterAll(() => mock.close())

const sign = (body: unknown) =>
  fetch(`${mock.url}/__mock/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('POST /__mock/uploads (development uploads)', () => {
  it('signs, takes the PUT from another origin, serves the file, and the URL sends as an attachment', async () => {
    const picture = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3])
    const signed = await sign({ name: 'photo.png', type: 'image/png', size: picture.byteLength })
    expect(signed.status).toBe(200)
    const { uploadUrl, url } = (await signed.json()) as { uploadUrl: string; url: string }
    expect(url.startsWith(`${mock.url}/__mock/uploads/`)).toBe(true)

    // The page's origin is the app's, not the mock's: the browser asks first (CORS preflight).
    const preflight = await fetch(uploadUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type')

    const put = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', origin: 'http://localhost:5173' },
      body: picture,
    })
    expect(put.status).toBe(200)
    expect(put.headers.get('access-control-allow-origin')).toBe('*')

    const served = await fetch(url)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(picture)

    const sent = await fetch(`${mock.url}/send-api-message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seedKeys.production}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: seedContacts.ava, lineId: seedLines.main.lineId, mediaAttachmentUrl: url }),
    })
    expect(sent.status).toBe(200)
  })

  it('refuses what the composer refuses, with a sentence: other types, files over 25 MB', async () => {
    const refused = await sign({ name: 'run.exe', type: 'application/x-msdownload', size: 10 })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: 'This file cannot be sent' })
    expect((await sign({ name: 'big.mp4', type: 'video/mp4', size: 26 * 1024 * 1024 })).status).toBe(400)
    expect((await fetch(`${mock.url}/__mock/uploads/nope`)).status).toBe(404)
  })
})
