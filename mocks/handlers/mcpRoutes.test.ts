/**
 * The MCP server at /api/mcp, driven by the SDK's own client over the mock's in-process fetch,
 * and the OAuth token endpoint whose tokens it accepts only with scope `mcp`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { describe, expect, it } from 'vitest'
import { messagingErrorBodySchema, oauthTokenResponseSchema } from '../../src/api'
import {
  createMockClock,
  createMockService,
  mcpToolNames,
  seedAccessTokens,
  seedKeys,
  seedLines,
  seedOAuthClient,
} from '../index'

const BASE = 'https://api.mock.test'
const AUTH = 'https://auth.mock.test'

function setup() {
  const clock = createMockClock({ now: '2026-01-15T12:00:00Z' })
  const mock = createMockService({ clock, webhookSender: async () => ({ status: 200 }) })
  const connect = async (credential: string) => {
    const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/api/mcp`), {
      fetch: (input, init) => mock.fetch(input instanceof Request ? input : String(input), init),
      requestInit: { headers: { authorization: `Bearer ${credential}` } },
    })
    const client = new Client({ name: 'linekit-mock-test', version: '1.0.0' })
    await client.connect(transport)
    return client
  }
  const token = async (body: Record<string, string>, asJson = false, headers: Record<string, string> = {}) => {
    const response = await mock.fetch(`${AUTH}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded', ...headers },
      body: asJson ? JSON.stringify(body) : new URLSearchParams(body).toString(),
    })
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      headers: response.headers,
    }
  }
  const rawPost = (credential: string | null, body: unknown) =>
    mock.fetch(`${BASE}/api/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(credential === null ? {} : { authorization: `Bearer ${credential}` }),
      },
      body: JSON.stringify(body),
    })
  return { mock, clock, connect, token, rawPost }
}

const textOf = (result: unknown) => {
  const content = (result as { content: Array<{ type: string; text: string }> }).content
  return JSON.parse(content[0]?.text ?? 'null') as Record<string, unknown>
}

describe('MCP server', () => {
  it('lists the tools with JSON Schema inputs from the linekit/api schemas', async () => {
    const { connect } = setup()
    const client = await connect(seedKeys.production)
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual([...mcpToolNames].sort())
    const send = tools.find((t) => t.name === 'send_message')
    expect(send?.inputSchema.properties).toHaveProperty('phone')
    expect(send?.inputSchema.properties).toHaveProperty('lineId')
    await client.close()
  })

  it('tools call the same service as the HTTP API (a send shows up in the messages list)', async () => {
    const { connect, mock } = setup()
    const client = await connect(seedKeys.production)
    const sent = await client.callTool({
      name: 'send_message',
      arguments: { phone: '+14155550124', message: 'via MCP', lineId: seedLines.main.lineId },
    })
    expect(sent.isError).toBeFalsy()
    expect(textOf(sent)).toMatchObject({ success: true, status: 'done', phone: '+14155550124' })
    const listed = await client.callTool({ name: 'list_messages', arguments: { direction: 'outbound', limit: 1 } })
    expect((textOf(listed).data as Array<{ content: string }>)[0]?.content).toBe('via MCP')
    const http = await mock.fetch(`${BASE}/get-messages-api?limit=1&direction=outbound`, {
      headers: { authorization: `Bearer ${seedKeys.production}` },
    })
    expect(((await http.json()) as { data: Array<{ content: string }> }).data[0]?.content).toBe('via MCP')
    const lines = textOf(await client.callTool({ name: 'list_lines', arguments: {} }))
    expect((lines.lines as Array<{ lineId: string }>).map((l) => l.lineId)).toContain(seedLines.main.lineId)
    const logs = textOf(await client.callTool({ name: 'list_call_logs', arguments: {} }))
    expect(logs).toMatchObject({ status: 'OK', pagination: { total: 0 } })
    const enrol = await client.callTool({
      name: 'enroll_in_workflow',
      arguments: { flowId: 'f'.repeat(65), phoneNumber: '+14155550124' },
    })
    expect(enrol.isError).toBe(true)
    await client.close()
  })

  it('service errors come back as tool errors with the HTTP status and error body', async () => {
    const { connect } = setup()
    const client = await connect(seedKeys.production)
    const result = await client.callTool({ name: 'get_message', arguments: { message_handle: 'pbm_doesnotexist' } })
    expect(result.isError).toBe(true)
    const body = textOf(result)
    expect(body.status).toBe(404)
    expect(messagingErrorBodySchema.safeParse(body).success).toBe(true)
    await client.close()
  })

  it('401 without credentials, with a wrong key, or with an OAuth token lacking scope mcp', async () => {
    const { rawPost } = setup()
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }
    for (const credential of [null, 'wrong', seedAccessTokens.noMcp]) {
      const res = await rawPost(credential, init)
      expect(res.status).toBe(401)
      expect(messagingErrorBodySchema.safeParse(await res.json()).success).toBe(true)
    }
    expect((await rawPost(seedAccessTokens.mcp, init)).status).toBe(200)
  })

  it('GET and DELETE on the stateless endpoint are refused with 405 (never a 5xx)', async () => {
    const { mock } = setup()
    for (const method of ['GET', 'DELETE']) {
      const res = await mock.fetch(`${BASE}/api/mcp`, {
        method,
        headers: { authorization: `Bearer ${seedKeys.production}`, accept: 'text/event-stream' },
      })
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('POST')
    }
  })
})

describe('OAuth token endpoint', () => {
  it('client credentials (form) issue a Bearer token with scope mcp that the MCP server accepts', async () => {
    const { token, connect } = setup()
    const res = await token({
      grant_type: 'client_credentials',
      client_id: seedOAuthClient.clientId,
      client_secret: seedOAuthClient.clientSecret,
      scope: 'mcp',
    })
    expect(res.status).toBe(200)
    expect(oauthTokenResponseSchema.safeParse(res.body).success).toBe(true)
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'mcp' })
    expect(res.headers.get('cache-control')).toBe('no-store')
    const client = await connect(res.body.access_token as string)
    expect((await client.listTools()).tools.length).toBeGreaterThan(0)
    await client.close()
  })

  it('JSON bodies and HTTP Basic client authentication work too; the default scope is mcp', async () => {
    const { token } = setup()
    const json = await token(
      {
        grant_type: 'client_credentials',
        client_id: seedOAuthClient.clientId,
        client_secret: seedOAuthClient.clientSecret,
      },
      true,
    )
    expect(json.body.scope).toBe('mcp')
    const basic = await token({ grant_type: 'client_credentials' }, false, {
      authorization: `Basic ${btoa(`${seedOAuthClient.clientId}:${seedOAuthClient.clientSecret}`)}`,
    })
    expect(basic.status).toBe(200)
  })

  it('tokens without mcp are refused by the API; tokens expire with the mock clock', async () => {
    const { token, mock, clock } = setup()
    const creds = {
      grant_type: 'client_credentials',
      client_id: seedOAuthClient.clientId,
      client_secret: seedOAuthClient.clientSecret,
    }
    const profile = (await token({ ...creds, scope: 'profile' })).body.access_token as string
    const mcp = (await token({ ...creds, scope: 'mcp profile' })).body.access_token as string
    const lines = (credential: string) =>
      mock.fetch(`${BASE}/get-lines`, { headers: { authorization: `Bearer ${credential}` } })
    expect((await lines(profile)).status).toBe(401)
    expect((await lines(mcp)).status).toBe(200)
    clock.advance(3600_000)
    expect((await lines(mcp)).status).toBe(401)
  })

  it('RFC 6749 errors: unsupported grant, bad client, bad scope, missing grant', async () => {
    const { token } = setup()
    const creds = { client_id: seedOAuthClient.clientId, client_secret: seedOAuthClient.clientSecret }
    expect(await token({ ...creds, grant_type: 'password' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    })
    expect(await token({ ...creds })).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    expect(
      await token({ grant_type: 'client_credentials', client_id: seedOAuthClient.clientId, client_secret: 'nope' }),
    ).toMatchObject({ status: 401, body: { error: 'invalid_client' } })
    expect(await token({ ...creds, grant_type: 'client_credentials', scope: 'admin' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_scope' },
    })
  })

  it('the control API registers clients for other accounts', async () => {
    const { mock, token } = setup()
    const created = await mock.fetch('http://mock.test/__mock/oauth/clients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: seedKeys.crm }),
    })
    expect(created.status).toBe(201)
    const { client } = (await created.json()) as {
      client: { clientId: string; clientSecret: string; accountId: string }
    }
    expect(client.accountId).toBe('acct_crm')
    const issued = await token({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
    })
    const lines = await mock.fetch(`${BASE}/get-lines`, {
      headers: { authorization: `Bearer ${issued.body.access_token as string}` },
    })
    expect(((await lines.json()) as Array<{ lineId: string }>).map((l) => l.lineId)).toEqual([
      '3c4d5e6f-7a8b-4c9d-ae0f-2a3b4c5d6e7f',
    ])
  })
})
