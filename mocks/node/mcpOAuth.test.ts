/**
 * A stock MCP SDK client, driven by its own OAuth flow (RFC 9728 protected-resource metadata →
 * RFC 8414 authorization-server metadata → client-credentials token with scope `mcp`), connects
 * to the standalone mock over real loopback HTTP.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js'
import { discoverOAuthServerInfo } from '@modelcontextprotocol/sdk/client/auth.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, describe, expect, it } from 'vitest'
import { mcpToolNames, seedAccessTokens, seedKeys, seedOAuthClient } from 'linekit/mocks'
import { startMockServer, type MockServer } from 'linekit/mocks/node'

let server: MockServer | undefined
let client: Client | undefined
afterEach(async () => {
  await client?.close()
  client = undefined
  await server?.close()
  server = undefined
})

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
}

describe('MCP OAuth discovery for a stock MCP client', () => {
  it('401 carries a Bearer challenge naming the protected-resource metadata, which names the authorization server', async () => {
    server = await startMockServer({ port: 0 })
    const base = server.url
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(initialize),
      })
    const anonymous = await post({})
    expect(anonymous.status).toBe(401)
    const challenge = anonymous.headers.get('www-authenticate') ?? ''
    expect(challenge).toMatch(/^Bearer /)
    expect(challenge).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/api/mcp"`)
    expect(challenge).toContain('scope="mcp"')
    expect(challenge).not.toContain('error=')
    const wrong = await post({ authorization: 'Bearer nope' })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"')
    // The other endpoints challenge the same way (every endpoint takes an mcp token).
    const lines = await fetch(`${base}/get-lines`)
    expect(lines.headers.get('www-authenticate')).toContain(
      `resource_metadata="${base}/.well-known/oauth-protected-resource"`,
    )

    const resource = await (await fetch(`${base}/.well-known/oauth-protected-resource/api/mcp`)).json()
    expect(resource).toMatchObject({
      resource: `${base}/api/mcp`,
      authorization_servers: [base],
      scopes_supported: ['mcp'],
      bearer_methods_supported: ['header'],
    })
    const root = await (await fetch(`${base}/.well-known/oauth-protected-resource`)).json()
    expect(root).toMatchObject({ resource: base, authorization_servers: [base] })
    const as = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()
    expect(as).toMatchObject({
      issuer: base,
      token_endpoint: `${base}/oauth/token`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    })
    expect(as.scopes_supported).toContain('mcp')
    // The advertised authorization endpoint exists and says plainly that only client credentials work.
    const authorize = await fetch(`${base}/oauth/authorize?response_type=code&client_id=x`)
    expect(authorize.status).toBe(400)
    expect((await authorize.json()).error).toBe('unsupported_response_type')

    // The SDK's own discovery reads all of it.
    const info = await discoverOAuthServerInfo(`${base}/api/mcp`)
    expect(info.authorizationServerUrl).toBe(base)
    expect(info.authorizationServerMetadata?.token_endpoint).toBe(`${base}/oauth/token`)
  })

  it('the SDK client obtains a token with scope mcp (client credentials) and connects; API keys keep working', async () => {
    server = await startMockServer({ port: 0 })
    const provider = new ClientCredentialsProvider({
      clientId: seedOAuthClient.clientId,
      clientSecret: seedOAuthClient.clientSecret,
      scope: 'mcp',
    })
    client = new Client({ name: 'linekit-test', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { authProvider: provider }),
    )
    const tokens = provider.tokens()
    expect(tokens?.access_token).toMatch(/^lk_mock_at_/)
    expect(tokens?.scope).toBe('mcp')
    const tools = await client.listTools()
    expect(tools.tools.map((t) => t.name).sort()).toEqual([...mcpToolNames].sort())
    const lines = await client.callTool({ name: 'list_lines', arguments: {} })
    expect(lines.isError).toBeFalsy()
    await client.close()

    // Bearer API keys (and seeded tokens) still connect without any OAuth dance.
    for (const credential of [seedKeys.production, seedAccessTokens.mcp]) {
      client = new Client({ name: 'linekit-test', version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${credential}` } },
        }),
      )
      expect((await client.listTools()).tools.length).toBe(mcpToolNames.length)
      await client.close()
    }
    client = undefined
  })
})
