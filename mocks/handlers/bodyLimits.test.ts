/**
 * The mock's control API reads bodies as its service routes do: the size checked while reading
 * (a huge body is refused without being held), structure nested too deep refused with the
 * contract's 400.
 */
import { describe, expect, it } from 'vitest'
import { seedKeys } from 'linekit/mocks'
import { setup } from '../../test/support/mockHarness'
import { MAX_BODY_BYTES } from './route'

/** A body stream of `total` bytes of `x`, counting how many bytes were pulled from it. */
function endless(total: number) {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
  const pulled = { bytes: 0 }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close()
      pulled.bytes += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  return { body, pulled }
}

describe("the mock's body limits", () => {
  it.each(['/__mock/inbound', '/send-api-message'])(
    '%s: a 200 MB body is refused with 413 after reading just past the limit',
    async (path) => {
      const { mock } = setup()
      const { body, pulled } = endless(200 * 1024 * 1024)
      const response = await mock.fetch(`https://api.example.test${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${seedKeys.production}` },
        body,
        duplex: 'half',
      } as RequestInit)
      expect(response.status).toBe(413)
      expect(pulled.bytes).toBeLessThan(MAX_BODY_BYTES + 2 * 64 * 1024)
    },
  )

  it.each(['/__mock/inbound', '/send-api-message'])('%s: a 5,000-level nested body is a 400', async (path) => {
    const { post } = setup()
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const answer = await post(path, `{"from":"+14155550175","phone":"+14155550175","message":"x","x":${deep}}`)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'invalid_request', error: expect.stringContaining('nests deeper') })
  })
})
