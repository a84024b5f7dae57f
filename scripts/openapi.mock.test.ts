/**
 * openapi.json against the mock: the document describes `/api/mcp`, the OAuth token endpoint
 * and the mint's non-JSON 502/503, and what the mock answers (status and content type) is
 * declared there, and the message-handle pattern agrees with the mock.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createMockClock, createMockService, seedKeys, seedLines, seedOAuthClient } from 'linekit/mocks'
import { openApiPath } from './openapi'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- walking a JSON document

const doc = JSON.parse(readFileSync(openApiPath, 'utf8')) as Json
const auth = { authorization: `Bearer ${seedKeys.production}` }
const mcpHeaders = { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

/** Asserts that `response` (status, content type) is declared for `method path` in the document. */
function expectDeclared(method: string, path: string, response: Response) {
  const op = doc.paths[path]?.[method.toLowerCase()] as Json | undefined
  expect(op, `${method} ${path} is described`).toBeDefined()
  const declared = op!.responses[String(response.status)] as Json | undefined
  expect(declared, `${method} ${path} declares ${response.status}`).toBeDefined()
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim()
  if (declared!.content === undefined) expect(type).toBe('')
  else expect(Object.keys(declared!.content), `${method} ${path} ${response.status}`).toContain(type)
}

describe('openapi.json and the mock agree', () => {
  it('describes /api/mcp: POST JSON-RPC (200, 202, 401 with a Bearer challenge…), GET/DELETE 405', () => {
    const mcp = doc.paths['/api/mcp']
    expect(mcp.post.requestBody.content['application/json']).toBeDefined()
    expect(Object.keys(mcp.post.responses)).toEqual(
      expect.arrayContaining(['200', '202', '400', '401', '406', '415', '429']),
    )
    expect(mcp.post.responses['401'].headers['WWW-Authenticate']).toBeDefined()
    expect(mcp.get.responses['405']).toBeDefined()
    expect(mcp.delete.responses['405']).toBeDefined()
    expect(mcp.post.servers).toBeUndefined() // on {base_url}
  })

  it('describes the OAuth token endpoint on {auth_url} (client credentials, form or JSON, RFC 6749 errors)', () => {
    const token = doc.paths['/oauth/token'].post
    expect(token.servers[0].url).toBe('{auth_url}')
    expect(Object.keys(token.requestBody.content)).toEqual(['application/x-www-form-urlencoded', 'application/json'])
    expect(doc.components.schemas.OAuthTokenRequest.properties.grant_type.const).toBe('client_credentials')
    expect(token.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/OAuthTokenResponse',
    )
    for (const status of ['400', '401'])
      expect(token.responses[status].content['application/json'].schema.$ref).toBe(
        '#/components/schemas/OAuthErrorBody',
      )
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toMatch(/\/oauth\/token$/)
  })

  it("declares the mint's non-JSON 502 and 503 (text/html), beside its JSON 503", () => {
    const mint = doc.paths['/api/v1/dialer/token'].post.responses
    expect(Object.keys(mint['502'].content)).toEqual(['text/html'])
    expect(Object.keys(mint['503'].content).sort()).toEqual(['application/json', 'text/html'])
  })

  it('the message-handle pattern is ^pbm_.+ and the mock answers by it: 404 for an unknown pbm_ handle, 400 otherwise', async () => {
    const param = doc.paths['/get-message-api/{message_handle}'].get.parameters[0]
    expect(param.schema.pattern).toBe('^pbm_.+')
    const pattern = new RegExp(param.schema.pattern as string)
    const mock = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    for (const handle of ['pbm_does.not.exist', 'pbm_x~y', `pbm_${'z'.repeat(240)}`, 'msg_1', 'pbm_']) {
      const r = await mock.fetch(`https://a.test/get-message-api/${encodeURIComponent(handle)}`, { headers: auth })
      expect(r.status, handle).toBe(pattern.test(handle) ? 404 : 400)
      expectDeclared('GET', '/get-message-api/{message_handle}', r)
    }
  })

  it("what the mock answers on /api/mcp, /oauth/token and the mint's proxy faults is declared", async () => {
    const mock = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    const rpc = (body: unknown, headers: Record<string, string> = mcpHeaders) =>
      mock.fetch('https://a.test/api/mcp', { method: 'POST', headers, body: JSON.stringify(body) })
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }
    expectDeclared('POST', '/api/mcp', await rpc(init))
    expectDeclared('POST', '/api/mcp', await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' }))
    expectDeclared('POST', '/api/mcp', await rpc(init, { 'content-type': 'application/json' }))
    expectDeclared('POST', '/api/mcp', await rpc(init, { ...mcpHeaders, accept: 'text/plain' }))
    expectDeclared('POST', '/api/mcp', await rpc(init, { ...mcpHeaders, 'content-type': 'text/plain' }))
    expectDeclared(
      'POST',
      '/api/mcp',
      await mock.fetch('https://a.test/api/mcp', { method: 'POST', headers: mcpHeaders, body: '{' }),
    )
    expectDeclared('GET', '/api/mcp', await mock.fetch('https://a.test/api/mcp', { headers: auth }))
    expectDeclared(
      'DELETE',
      '/api/mcp',
      await mock.fetch('https://a.test/api/mcp', { method: 'DELETE', headers: auth }),
    )

    const form = (body: string) =>
      mock.fetch('https://auth.test/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })
    const ok = await form(
      `grant_type=client_credentials&client_id=${seedOAuthClient.clientId}&client_secret=${seedOAuthClient.clientSecret}`,
    )
    expect(Object.keys(await ok.clone().json()).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type'])
    expectDeclared('POST', '/oauth/token', ok)
    expectDeclared('POST', '/oauth/token', await form('grant_type=password'))
    expectDeclared('POST', '/oauth/token', await form('grant_type=client_credentials&client_id=x&client_secret=y'))

    const mint = () =>
      mock.fetch('https://app.test/api/v1/dialer/token', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ lineId: seedLines.main.lineId }),
      })
    for (const kind of ['proxy502', 'proxy503', 'unavailable'] as const) {
      mock.control.mintFault({ kind })
      expectDeclared('POST', '/api/v1/dialer/token', await mint())
    }
  })
})
