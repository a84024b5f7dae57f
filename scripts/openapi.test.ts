import { readFileSync } from 'node:fs'
import { validate, compileErrors } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { endpoints } from 'linekit/api'
import { buildOpenApiDocument, mintProxyStatuses, openApiPath, serializeOpenApiDocument } from './openapi'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- walking a JSON document

describe('openapi.json', () => {
  it('is up to date with the schemas (run `npm run openapi` when this fails)', () => {
    expect(readFileSync(openApiPath, 'utf8')).toBe(serializeOpenApiDocument())
  })

  it('is a valid OpenAPI 3.1.0 document, version 1.0.0', async () => {
    const doc = JSON.parse(readFileSync(openApiPath, 'utf8')) as Json
    const result = await validate(doc as Parameters<typeof validate>[0])
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('1.0.0')
  })

  it('declares Retry-After on the mint’s 429 only (spec: messaging rate-limit headers are not shown)', () => {
    const doc = JSON.parse(readFileSync(openApiPath, 'utf8')) as Json
    const with429: string[] = []
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        const tooMany = (op as Json).responses?.['429'] as Json | undefined
        if (!tooMany) continue
        with429.push(`${method} ${path}`)
        const declares = tooMany.headers?.['Retry-After'] !== undefined
        expect(declares, `${method} ${path}`).toBe(path === '/api/v1/dialer/token')
      }
    }
    expect(with429).toContain('post /send-api-message')
    expect(with429).toContain('post /api/v1/dialer/token')
  })

  it('covers every endpoint with its method, host and every declared status', () => {
    const doc = buildOpenApiDocument() as Json
    for (const e of endpoints) {
      const path = e.path.replace(/:([A-Za-z_]+)/g, '{$1}')
      const op = doc.paths[path]?.[e.method.toLowerCase()] as Json | undefined
      expect(op, `${e.method} ${e.path}`).toBeDefined()
      expect(op!.operationId).toBe(e.id)
      // The mint also declares a proxy's non-JSON 502/503 (spec: Errors).
      const declared = new Set<number>([...e.statuses, ...(e.host === 'app' ? mintProxyStatuses : [])])
      expect(Object.keys(op!.responses).map(Number).sort()).toEqual([...declared].sort())
      if (e.host === 'app') expect(op!.servers[0].url).toBe('{app_url}')
      else expect(op!.servers).toBeUndefined()
      if ('assumed' in e && e.assumed) expect(op!['x-linekit-assumed']).toBe(true)
    }
    expect(doc.paths['/api/v1/dialer/token'].post.responses['402'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/MintErrorBody',
    )
    expect(doc.paths['/send-group-message'].post.responses['409'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/GroupConflictBody',
    )
  })

  it('declares base and app servers, bearer and OAuth (scope mcp) security', () => {
    const doc = buildOpenApiDocument() as Json
    expect(doc.servers[0].url).toBe('{base_url}')
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes).toHaveProperty('mcp')
    expect(doc.security).toEqual([{ bearerAuth: [] }, { oauth2: ['mcp'] }])
  })

  it('documents query parameters with their bounds', () => {
    const doc = buildOpenApiDocument() as Json
    const params = doc.paths['/get-messages-api'].get.parameters as Json[]
    const limit = params.find((p) => p.name === 'limit')!
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 })
    expect(params.map((p) => p.name)).toEqual(
      expect.arrayContaining(['offset', 'direction', 'pb_line_id', 'from_number', 'to_number', 'sent_at_lte']),
    )
    const handle = doc.paths['/get-message-api/{message_handle}'].get.parameters[0]
    expect(handle).toMatchObject({ in: 'path', required: true })
  })
})
