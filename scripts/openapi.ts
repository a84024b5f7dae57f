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
import type { Endpoint } from '../src/api'
import type { Json } from './openapiProtocol'
import { bearerChallengeHeader, mcpPath, oauthTokenPath, protocolSchemas, statusText } from './openapiProtocol'

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
      const errorBody = 'errorBodies' in endpoint ? endpoint.errorBodies?.[status] : undefined
      if (status === 200) schema = ref(endpoint.response)
      else if (errorBody) schema = ref(errorBody)
      else if (endpoint.errorShape === 'mint') schema = ref(api.mintErrorBodySchema)
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
      summary: endpoint.summary,
      ...(endpoint.assumed
        ? {
            description:
              'Referenced without a shape in the service interface; method, path and payload are linekit assumptions (src/api/ASSUMPTIONS.md).',
            'x-linekit-assumed': true,
          }
        : {}),
      ...(endpoint.line.in === 'body' || endpoint.line.in === 'query'
        ? { 'x-linekit-line-field': endpoint.line.field }
        : {}),
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
