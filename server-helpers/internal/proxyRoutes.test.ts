import { describe, expect, it } from 'vitest'
import { endpointPath, endpoints, endpointsById, matchEndpoint } from '../../src/api'
import { allowedMethods, matchProxyRoute, proxyRoutes } from './proxyRoutes'

describe('proxy allowlist', () => {
  it("is the registry's endpoints on {base_url}, each entry the registry's own (method, path, line policy, query)", () => {
    expect(proxyRoutes.map((r) => r.id)).toEqual(endpoints.filter((e) => e.host === 'base').map((e) => e.id))
    for (const route of proxyRoutes) expect(route, route.id).toBe(endpointsById[route.id])
  })

  it('matches every route at its own path with the one matcher, and nothing else there', () => {
    for (const route of proxyRoutes) {
      const path = endpointPath(route, { message_handle: 'pbm_x-1' })
      const matched = matchProxyRoute(route.method, path)
      expect(matched?.route, route.id).toBe(route)
      expect(matched?.upstreamPath).toBe(path)
      expect(matchEndpoint(route.method, path)?.endpoint).toBe(route)
      expect(allowedMethods(path)).toEqual([route.method])
    }
  })

  it('refuses a path parameter that is not a message handle, and any escape', () => {
    expect(matchProxyRoute('GET', '/get-message-api/pbm_x-1')?.handle).toBe('pbm_x-1')
    for (const path of [
      '/get-message-api/x',
      '/get-message-api/pbm_%2e',
      '/get-message-api/pbm_.',
      '/api/v1/dialer/token',
    ])
      expect(matchProxyRoute(path.startsWith('/api') ? 'POST' : 'GET', path), path).toBeUndefined()
    expect(matchProxyRoute('get', '/get-lines')).toBeUndefined()
  })
})
