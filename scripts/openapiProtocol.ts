/**
 * The parts of `openapi.json` that are not endpoints of the registry: the MCP server
 * (`{base_url}/api/mcp`) and the identity provider's token endpoint (`{auth_url}/oauth/token`),
 * with their JSON-RPC and OAuth shapes, and the texts and headers every operation shares.
 */
export type Json = Record<string, unknown>

/** The description of each declared status. */
export const statusText: Record<number, string> = {
  200: 'OK',
  400: 'Invalid request',
  401: 'Missing or invalid credentials',
  402: 'Payment required (dialer cap reached or account paywalled)',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  429: 'Rate limit exceeded',
  500: 'Internal error',
  502: 'Device error / bad gateway',
  503: 'Unavailable',
}

/** On every 401 of the messaging API. */
export const bearerChallengeHeader: Json = {
  'WWW-Authenticate': {
    description:
      'Bearer challenge (RFC 6750 / RFC 9728): resource_metadata names the protected-resource metadata, which names the authorization server.',
    schema: { type: 'string' },
  },
}

const authServer = {
  url: '{auth_url}',
  description: 'Identity provider that issues OAuth tokens',
  variables: { auth_url: { default: 'https://auth.example.com' } },
}

/** JSON-RPC 2.0 and OAuth shapes that are not `linekit/api` schemas (MCP message formats are not shown in the spec). */
export const protocolSchemas: Record<string, Json> = {
  JsonRpcMessage: {
    type: 'object',
    description: 'A JSON-RPC 2.0 request, notification or response (MCP Streamable HTTP).',
    properties: {
      jsonrpc: { type: 'string', const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      method: { type: 'string' },
      params: { type: 'object', additionalProperties: {} },
      result: { type: 'object', additionalProperties: {} },
      error: { $ref: '#/components/schemas/JsonRpcError' },
    },
    required: ['jsonrpc'],
  },
  JsonRpcError: {
    type: 'object',
    properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    required: ['code', 'message'],
  },
  JsonRpcErrorResponse: {
    type: 'object',
    description: 'A JSON-RPC 2.0 error response (malformed JSON-RPC, wrong Accept or Content-Type).',
    properties: {
      jsonrpc: { type: 'string', const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      error: { $ref: '#/components/schemas/JsonRpcError' },
    },
    required: ['jsonrpc', 'error'],
  },
  OAuthTokenRequest: {
    type: 'object',
    description:
      'RFC 6749 §4.4 client-credentials request. Client credentials in the body or as HTTP Basic (RFC 6749 §2.3.1).',
    properties: {
      grant_type: { type: 'string', const: 'client_credentials' },
      client_id: { type: 'string' },
      client_secret: { type: 'string' },
      scope: { type: 'string', description: 'Space-separated; mcp grants API access. Default mcp.' },
      resource: { type: 'string', description: 'RFC 8707 resource indicator (accepted, not required).' },
    },
    required: ['grant_type'],
  },
  OAuthTokenResponse: {
    type: 'object',
    properties: {
      access_token: { type: 'string' },
      token_type: { type: 'string', const: 'Bearer' },
      expires_in: { type: 'integer', minimum: 1 },
      scope: { type: 'string' },
    },
    required: ['access_token', 'token_type', 'expires_in', 'scope'],
  },
  OAuthErrorBody: {
    type: 'object',
    description: 'RFC 6749 §5.2 error.',
    properties: {
      error: {
        type: 'string',
        examples: ['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope', 'server_error'],
      },
      error_description: { type: 'string' },
    },
    required: ['error'],
  },
}

/** `{base_url}/api/mcp` (spec: What the service does 13 — Streamable HTTP; message formats not shown). */
export function mcpPath(messagingError: Json): Record<string, Json> {
  const jsonRpcError = { $ref: '#/components/schemas/JsonRpcErrorResponse' }
  const message = { $ref: '#/components/schemas/JsonRpcMessage' }
  const errorResponse = (description: string, schema: Json, headers?: Json): Json => ({
    description,
    content: { 'application/json': { schema } },
    ...(headers ? { headers } : {}),
  })
  const common = {
    '401': errorResponse(statusText[401] as string, messagingError, bearerChallengeHeader),
    // spec: Limits — rate-limit response headers on the messaging API (MCP included): not shown.
    '429': errorResponse(statusText[429] as string, messagingError),
  }
  const notStateless = (method: string): Json => ({
    operationId: `mcp${method.charAt(0)}${method.slice(1).toLowerCase()}`,
    summary: `Not supported: the MCP server is stateless (no ${method === 'GET' ? 'standalone event stream' : 'session'}).`,
    responses: {
      ...common,
      '405': errorResponse('Method not allowed; POST JSON-RPC messages.', messagingError, {
        Allow: { schema: { type: 'string', const: 'POST' } },
      }),
    },
  })
  return {
    post: {
      operationId: 'mcp',
      summary: 'Model Context Protocol server (Streamable HTTP, stateless): POST JSON-RPC messages.',
      description:
        'Send Accept: application/json, text/event-stream and Content-Type: application/json. Takes the API key or an OAuth access token with scope mcp; shares the 60 requests per minute of the key.',
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { oneOf: [message, { type: 'array', items: message, minItems: 1 }] } },
        },
      },
      responses: {
        '200': {
          description: 'JSON-RPC response(s), as JSON or as a server-sent event stream.',
          content: {
            'application/json': { schema: { oneOf: [message, { type: 'array', items: message }] } },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        '202': { description: 'Notifications or responses accepted; no body.' },
        '400': errorResponse('Malformed JSON or JSON-RPC.', jsonRpcError),
        ...common,
        '406': errorResponse('Accept must allow application/json and text/event-stream.', jsonRpcError),
        '415': errorResponse('Content-Type must be application/json.', jsonRpcError),
        '500': errorResponse(statusText[500] as string, { oneOf: [messagingError, jsonRpcError] }),
      },
    },
    get: notStateless('GET'),
    delete: notStateless('DELETE'),
  }
}

/** `{auth_url}/oauth/token` — the identity provider's token endpoint (spec: Authentication 5 — not shown). */
export function oauthTokenPath(): Record<string, Json> {
  const body = { $ref: '#/components/schemas/OAuthTokenRequest' }
  const error = (description: string, headers?: Json): Json => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthErrorBody' } } },
    headers: { 'Cache-Control': { schema: { type: 'string', const: 'no-store' } }, ...headers },
  })
  return {
    post: {
      operationId: 'oauthToken',
      summary: 'Issue an OAuth 2.0 access token (client credentials); scope mcp grants the API and the MCP server.',
      description:
        'Referenced without a shape in the service interface ("OAuth endpoints, grant types and scopes other than mcp: not shown"); path, grant and body are linekit assumptions (src/api/ASSUMPTIONS.md).',
      'x-linekit-assumed': true,
      servers: [authServer],
      security: [{}, { oauthClientBasic: [] }],
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: body }, 'application/json': { schema: body } },
      },
      responses: {
        '200': {
          description: 'The access token.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthTokenResponse' } } },
          headers: { 'Cache-Control': { schema: { type: 'string', const: 'no-store' } } },
        },
        '400': error('invalid_request, unsupported_grant_type or invalid_scope.'),
        '401': error('invalid_client.', {
          'WWW-Authenticate': { description: 'Basic challenge.', schema: { type: 'string' } },
        }),
        '500': error('server_error.'),
      },
    },
  }
}
