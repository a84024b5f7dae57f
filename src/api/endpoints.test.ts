import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { endpointPath, endpoints, endpointsById, matchEndpoint } from './index'
import { kitRoutes, routes } from './endpoints/routes'

const dir = fileURLToPath(new URL('./endpoints/', import.meta.url))

describe('the endpoint registry', () => {
  it('has a route file and an endpoint file per endpoint, named by its id, and lists each in both lists in the same order', () => {
    const files = readdirSync(dir).filter(
      (f) => f.endsWith('.ts') && !['define.ts', 'index.ts', 'routes.ts'].includes(f),
    )
    const ids = endpoints.map((e) => e.id).sort()
    // The route (facts, no schema) apart from the endpoint (route + schemas): a bundler that keeps
    // whole modules (Turbopack) then leaves every schema and zod out of a page that only calls.
    expect(
      files
        .filter((f) => f.endsWith('Route.ts'))
        .map((f) => f.slice(0, -'Route.ts'.length))
        .sort(),
    ).toEqual(ids)
    expect(
      files
        .filter((f) => !f.endsWith('Route.ts'))
        .map((f) => f.slice(0, -3))
        .sort(),
    ).toEqual(ids)
    expect(routes.map((r) => r.id)).toEqual(endpoints.map((e) => e.id))
    expect(Object.keys(endpointsById)).toEqual(endpoints.map((e) => e.id))
  })

  it('gives each endpoint the facts of its route, and the routes carry no schema', () => {
    for (const [i, route] of routes.entries()) {
      const endpoint = endpoints[i]!
      for (const [key, value] of Object.entries(route)) expect(endpoint[key as keyof typeof endpoint], key).toBe(value)
      expect(Object.keys(route), route.id).not.toContain('request')
      expect(Object.keys(route), route.id).not.toContain('response')
    }
  })

  it("a GET's query names are exactly its request schema's keys; a POST has none", () => {
    for (const e of endpoints) {
      if (e.method === 'POST') {
        expect('query' in e, e.id).toBe(false)
        continue
      }
      const request = 'request' in e ? (e.request as unknown as { shape: object }) : undefined
      expect([...('query' in e ? e.query : [])].sort(), e.id).toEqual(Object.keys(request?.shape ?? {}).sort())
    }
  })

  it('reads path parameters from the path', () => {
    expect(endpointsById.getMessage.pathParams).toEqual(['message_handle'])
    expect(endpoints.filter((e) => e.pathParams !== undefined).map((e) => e.id)).toEqual(['getMessage'])
  })

  it('kit routes do not collide with the service endpoints', () => {
    const ids = new Set<string>(endpoints.map((e) => e.id))
    for (const route of kitRoutes) expect(ids.has(route.id), route.id).toBe(false)
  })
})

describe('matchEndpoint: the one path matcher', () => {
  it('finds every endpoint by its method and path, parameters decoded', () => {
    for (const e of endpoints) {
      const path = endpointPath(e, { message_handle: 'pbm_a b' })
      const found = matchEndpoint(e.method.toLowerCase(), path)
      expect(found?.endpoint, e.id).toBe(e)
      if (e.pathParams) expect(found?.params).toEqual({ message_handle: 'pbm_a b' })
    }
  })

  it('answers undefined for another method, another path, an empty parameter or a broken escape', () => {
    expect(matchEndpoint('DELETE', '/get-lines')).toBeUndefined()
    expect(matchEndpoint('POST', '/get-lines')).toBeUndefined()
    expect(matchEndpoint('GET', '/get-lines/')).toBeUndefined()
    expect(matchEndpoint('GET', '/get-message-api/')).toBeUndefined()
    expect(matchEndpoint('GET', '/get-message-api/%E0%A4%A')).toBeUndefined()
    expect(matchEndpoint('GET', '/get-message-api/a/b')).toBeUndefined()
  })

  it('matches among the routes it is given', () => {
    const among = [{ method: 'GET', path: '/calls/:id' }] as const
    expect(matchEndpoint('GET', '/calls/7', among)).toEqual({ endpoint: among[0], params: { id: '7' } })
    expect(matchEndpoint('GET', '/get-lines', among)).toBeUndefined()
  })
})
