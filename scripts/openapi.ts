/**
 * Generates `openapi.json` (OpenAPI 3.1.0, info.version 1.0.0 — spec: Versioning) from the
 * endpoint registry and the zod schemas of `linekit/api`. Run `npm run openapi`;
 * `scripts/openapi.test.ts` fails when the committed file is stale.
 */
import { writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod/mini'
import * as api from '../src/api'
import type { Endpoint, EndpointId } from '../src/api'

type Json = Record<string, unknown>

const statusText: Record<number, string> = {
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

/** One line per operation for the document (documentation only: the client does not ship it). */
const summaries: Record<EndpointId, string> = {
  sendMessage: 'Send one message from a line (native chat, else SMS).',
  sendGroupMessage: 'Send one message to a group of 2 to 32 recipients in a single thread.',
  getMessages: 'List inbound and outbound messages in one feed.',
  getMessage: 'Fetch one message by its pbm_ handle.',
  getLines: 'List the lines (an array, or a trial descriptor on trial accounts).',
  checkAvailability: 'Check whether a number can receive on the native-chat channel.',
  createContact: 'Create a contact, or upsert by phone number.',
  updateContact: 'Update a contact by contactId; customFields is replaced wholesale.',
  listContacts: 'List native contacts.',
  listWorkflows: 'List Workflows (the source of flowId).',
  enrollFlow: 'Enroll a contact into a published Workflow, starting a run.',
  cancelRun: 'Cancel a Workflow run.',
  getEffects: 'List the send effects (bubble and screen).',
  sendTyping: 'Show the typing indicator to a recipient (native chat only).',
  sendReaction: 'Send (or retract) a tapback reaction to a received message.',
  startCall: 'Place an outbound audio call; returns rtc credentials (or null).',
  answerCall: 'Answer a ringing inbound audio call.',
  declineCall: 'Decline a ringing inbound audio call.',
  endCall: 'Hang up an audio call.',
  getCallStatus: 'Read the call_status of an audio call (reconciles missed webhooks).',
  getCallLogs: "List the user's outbound dialer call logs.",
  mintVoiceToken: 'Mint a short-lived voice token for one line (server-to-server only).',
}

/**
 * spec: Errors — "A proxy in front of the mint may return a non-JSON 502 or 503": declared on
 * the mint beside its own statuses, as `text/html`.
 */
export const mintProxyStatuses = [502, 503] as const

/** A proxy's error page (not JSON). */
const proxyPage: Json = {
  description: 'A proxy in front of the mint answered with its own error page (not JSON); forward it unchanged.',
  content: { 'text/html': { schema: { type: 'string' } } },
}

const retryAfterHeader: Json = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
}

const bearerChallengeHeader: Json = {
  'WWW-Authenticate': {
    description:
      'Bearer challenge (RFC 6750 / RFC 9728): resource_metadata names the protected-resource metadata, which names the authorization server.',
    schema: { type: 'string' },
  },
}

/** JSON-RPC 2.0 and OAuth shapes that are not `linekit/api` schemas (MCP message formats are not shown in the spec). */
const protocolSchemas: Record<string, Json> = {
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
function mcpPath(messagingError: Json): Record<string, Json> {
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
function oauthTokenPath(): Record<string, Json> {
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

/** Extra parameter notes for rules JSON Schema cannot say (cross-field refinements). */
const parameterNotes: Record<string, string> = {
  limit: 'Page size, 1 to 100. Default 100.',
  offset: 'Default 0. offset + limit must be at most 2000, else 400.',
  from_number: 'External sender (E.164); inbound-only: with direction=outbound returns 400.',
  to_number: 'External recipient (E.164); outbound-only: with direction=inbound returns 400.',
}

/** The export name of a schema in `linekit/api`, turned into a component name. */
const schemaNames = new Map<unknown, string>()
for (const [name, value] of Object.entries(api)) {
  if (name.endsWith('Schema') && typeof value === 'object' && value !== null) {
    const bare = name.slice(0, -'Schema'.length)
    if (!schemaNames.has(value)) schemaNames.set(value, bare.charAt(0).toUpperCase() + bare.slice(1))
  }
}

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json
  delete out['$schema']
  return out
}

/** Build the document. Pure: same input, same output (the stale test relies on it). */
export function buildOpenApiDocument(): Json {
  // Every named schema of linekit/api becomes a component; nested named schemas become $refs.
  // io 'input': request objects strip (not reject) unknown keys, so no additionalProperties: false.
  const registry = z.registry<{ id: string }>()
  for (const [schema, id] of schemaNames) registry.add(schema as z.ZodMiniType, { id })
  const generated = z.toJSONSchema(registry, {
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }).schemas as Record<string, Json>
  const used = new Set<string>()
  const ref = (schema: z.ZodMiniType): Json => {
    const name = schemaNames.get(schema)
    if (name === undefined) return jsonSchema(schema, 'input')
    used.add(name)
    return { $ref: `#/components/schemas/${name}` }
  }

  const paths: Record<string, Record<string, Json>> = {}
  for (const endpoint of api.endpoints as readonly Endpoint[]) {
    const oasPath = endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}')
    const parameters: Json[] = []
    for (const name of endpoint.pathParams ?? []) {
      parameters.push({
        name,
        in: 'path',
        required: true,
        description: 'Opaque message handle; starts with pbm_.',
        schema: jsonSchema(api.messageHandleSchema, 'output'),
      })
    }
    let requestBody: Json | undefined
    if (endpoint.request !== undefined) {
      if (endpoint.method === 'GET') {
        // Query parameters: one per property of the query schema, typed as after coercion.
        const q = jsonSchema(endpoint.request, 'output')
        const properties = (q['properties'] ?? {}) as Record<string, Json>
        const required = new Set((q['required'] ?? []) as string[])
        for (const [name, schema] of Object.entries(properties)) {
          const parameter: Json = { name, in: 'query', required: required.has(name), schema }
          const note = parameterNotes[name]
          if (note !== undefined) parameter['description'] = note
          parameters.push(parameter)
        }
      } else {
        requestBody = { required: true, content: { 'application/json': { schema: ref(endpoint.request) } } }
      }
    }

    const responses: Record<string, Json> = {}
    for (const status of endpoint.statuses) {
      let schema: Json
      if (status === 200) schema = ref(endpoint.response)
      else if (endpoint.errorShape === 'mint') schema = ref(api.mintErrorBodySchema)
      else if (endpoint.id === 'sendGroupMessage' && status === 409) schema = ref(api.groupConflictBodySchema)
      else schema = ref(api.messagingErrorBodySchema)
      const response: Json = {
        description: statusText[status] ?? `HTTP ${status}`,
        content: { 'application/json': { schema } },
      }
      // spec: Errors — the mint's 429 carries `Retry-After`; Limits — "Rate-limit response headers
      // on the messaging API: not shown", so no messaging operation declares one.
      if (status === 429 && endpoint.errorShape === 'mint') response['headers'] = retryAfterHeader
      if (status === 401 && endpoint.errorShape === 'messaging') response['headers'] = bearerChallengeHeader
      responses[String(status)] = response
    }
    if (endpoint.host === 'app') {
      // spec: Errors — a proxy in front of the mint may answer a non-JSON 502 or 503.
      for (const status of mintProxyStatuses) {
        const own = responses[String(status)] as { description: string; content: Json } | undefined
        responses[String(status)] = own
          ? {
              ...own,
              description: `${own.description}, or a proxy's error page (text/html)`,
              content: { ...own.content, ...(proxyPage['content'] as Json) },
            }
          : proxyPage
      }
    }

    const operation: Json = {
      operationId: endpoint.id,
      summary: summaries[endpoint.id],
      ...(endpoint.assumed
        ? {
            description:
              'Referenced without a shape in the service interface; method, path and payload are linekit assumptions (src/api/ASSUMPTIONS.md).',
            'x-linekit-assumed': true,
          }
        : {}),
      ...(endpoint.lineField ? { 'x-linekit-line-field': endpoint.lineField } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    }
    if (endpoint.host === 'app') {
      // spec: the voice-token mint lives on {app_url} and takes only the workspace API key.
      operation['servers'] = [appServer]
      operation['security'] = [{ bearerAuth: [] }]
    }
    paths[oasPath] = { ...paths[oasPath], [endpoint.method.toLowerCase()]: operation }
  }
  used.add('MessagingErrorBody')
  paths['/api/mcp'] = mcpPath({ $ref: '#/components/schemas/MessagingErrorBody' })
  paths['/oauth/token'] = oauthTokenPath()

  return {
    openapi: '3.1.0',
    info: {
      title: 'Messaging, Workflow, Call and Voice-Token Service',
      version: '1.0.0',
      description:
        'Generated by linekit (npm run openapi) from the zod schemas in src/api. Operations marked x-linekit-assumed are linekit choices where the service interface shows no shape.',
    },
    servers: [baseServer],
    security: [{ bearerAuth: [] }, { oauth2: ['mcp'] }],
    paths,
    components: {
      schemas: sortKeys({ ...componentSchemas(generated, used), ...protocolSchemas }),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Workspace API key: Authorization: Bearer <API_KEY>.',
        },
        oauthClientBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'OAuth client authentication at the token endpoint (client_id:client_secret).',
        },
        oauth2: {
          type: 'oauth2',
          description: 'OAuth 2.0 access token from the identity provider at {auth_url}, carrying scope mcp.',
          flows: {
            clientCredentials: {
              tokenUrl: 'https://auth.example.com/oauth/token',
              scopes: { mcp: 'Access the service API and the MCP server.' },
            },
          },
        },
      },
    },
  }
}

function sortKeys(record: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/** The used components plus every component they reference, sorted by name, without `$schema`/`id`. */
function componentSchemas(generated: Record<string, Json>, roots: Set<string>): Record<string, Json> {
  const keep = new Set<string>()
  const visit = (name: string) => {
    if (keep.has(name)) return
    keep.add(name)
    const text = JSON.stringify(generated[name] ?? {})
    for (const m of text.matchAll(/#\/components\/schemas\/([A-Za-z0-9]+)/g)) if (m[1] !== undefined) visit(m[1])
  }
  for (const name of roots) visit(name)
  const out: Record<string, Json> = {}
  for (const name of [...keep].sort()) {
    const { $schema: _s, $id: _d, id: _i, ...schema } = generated[name] ?? {}
    out[name] = schema
  }
  return out
}

const baseServer = {
  url: '{base_url}',
  description: 'Service base address',
  variables: { base_url: { default: 'https://api.example.com' } },
}
const authServer = {
  url: '{auth_url}',
  description: 'Identity provider that issues OAuth tokens',
  variables: { auth_url: { default: 'https://auth.example.com' } },
}
const appServer = {
  url: '{app_url}',
  description: 'Voice-token mint host',
  variables: { app_url: { default: 'https://app.example.com' } },
}

/** The document as committed: 2-space JSON plus a final newline. */
export function serializeOpenApiDocument(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`
}

/** Where `npm run openapi` writes. */
export const openApiPath = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'openapi.json')

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(openApiPath, serializeOpenApiDocument())
  console.log(`wrote ${openApiPath}`)
}
