import { getResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { endpointPath, endpoints } from 'linekit/api'
import { createMockClock, createMockService, seedKeys } from 'linekit/mocks'
import { startMockServer, type MockServer } from 'linekit/mocks/node'
import { createMockCore } from '../service/index'
import { createRoutes } from './index'

const headers = { authorization: `Bearer ${seedKeys.production}` }

/** Paths that merely end in (or extend) a route's path: none of them exists. */
const notRoutes: [method: string, path: string][] = [
  ['GET', '/foo/bar/get-lines'],
  ['GET', '/v2/get-messages-api'],
  ['GET', '/get-lines/'],
  ['GET', '/get-lines/x'],
  ['GET', '/prefix/get-effects'],
  ['GET', '/x/get-message-api/pbm_abc'],
  ['POST', '/x/send-api-message'],
  ['POST', '/x/__mock/reset'],
  ['GET', '/api/linekit/get-lines'],
  ['POST', '/x/oauth/token'],
  ['POST', '/x/api/mcp'],
]

const mock = () => createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })

describe('routing matches exact paths only (any host)', () => {
  it('in-process fetch: a path that only ends in a route name is 404 not_found and changes nothing', async () => {
    const m = mock()
    m.control.updateSettings({ latencyMs: 0, sendProcessingMs: 5_000 })
    for (const [method, path] of notRoutes) {
      const r = await m.fetch(`https://a.test${path}`, { method, headers })
      expect(r.status, `${method} ${path}`).toBe(404)
      expect((await r.json()).code).toBe('not_found')
    }
    // The reset above did not happen: the settings are still ours.
    expect(m.control.settings().sendProcessingMs).toBe(5_000)
    // The exact paths answer, on any host.
    expect((await m.fetch('https://a.test/get-lines', { headers })).status).toBe(200)
    expect((await m.fetch('http://other.host:8080/get-effects', { headers })).status).toBe(200)
  })

  it('the MSW handlers (setupServer / setupWorker) match the same exact paths on any host', async () => {
    const m = mock()
    for (const [method, path] of notRoutes)
      expect(await getResponse(m.handlers, new Request(`https://a.test${path}`, { method, headers })), path).toBe(
        undefined,
      )
    const lines = await getResponse(m.handlers, new Request('https://b.test/get-lines', { headers }))
    expect(lines?.status).toBe(200)
    const one = await getResponse(m.handlers, new Request('https://b.test/get-message-api/pbm_x%7Ey', { headers }))
    expect(one?.status).toBe(404)
    expect((await one!.json()).code).toBe('message_not_found')
    const malformed = await getResponse(
      m.handlers,
      new Request('https://b.test/get-message-api/pbm_%E0%A4%A', { headers }),
    )
    expect(malformed?.status).toBe(400)
  })

  describe('the standalone server', () => {
    let server: MockServer | undefined
    afterEach(async () => {
      await server?.close()
      server = undefined
    })

    it('answers 404 for every near-miss path over real HTTP', async () => {
      server = await startMockServer({ port: 0 })
      for (const [method, path] of notRoutes) {
        const r = await fetch(`${server.url}${path}`, { method, headers })
        expect(r.status, `${method} ${path}`).toBe(404)
        await r.arrayBuffer()
      }
      expect((await fetch(`${server.url}/get-lines`, { headers })).status).toBe(200)
    })
  })
})

describe('one request path', () => {
  const routes = createRoutes(createMockCore())

  it('serves every endpoint of the registry at its method and path, and no endpoint twice', async () => {
    for (const endpoint of endpoints) {
      const served = routes.filter((r) => r.endpoint === endpoint.id)
      expect(served, endpoint.id).toHaveLength(1)
      expect([served[0]!.method, served[0]!.path]).toEqual([endpoint.method, endpoint.path])
    }
    // A route of the mock's own never takes a path of the registry.
    for (const r of routes.filter((x) => x.endpoint === undefined))
      expect(
        endpoints.some((e) => e.path === r.path && e.method === r.method),
        r.path,
      ).toBe(false)
    const m = mock()
    for (const endpoint of endpoints) {
      const url = `https://a.test${endpointPath(endpoint, { message_handle: 'pbm_nope' })}`
      const r = await m.fetch(url, { method: endpoint.method, headers })
      expect((await r.json()).code, endpoint.id).not.toBe('not_found')
    }
  })

  it('the in-process fetch and the MSW handler answer every route alike (status and body)', async () => {
    const [a, b] = [mock(), mock()]
    for (const r of routes) {
      const path = r.path.replace(/:[a-z_]+/g, 'pbm_x')
      const init = { method: r.method, headers, body: r.method === 'GET' ? undefined : '{}' }
      const viaFetch = await a.fetch(`https://a.test${path}`, init)
      const viaMsw = await getResponse(b.handlers, new Request(`https://a.test${path}`, init))
      expect(viaMsw?.status, `${r.method} ${r.path}`).toBe(viaFetch.status)
      expect(await viaMsw!.text(), `${r.method} ${r.path}`).toBe(await viaFetch.text())
    }
  })

  it('a path parameter that is not valid percent-encoding is 400 on service and control routes, through both', async () => {
    const m = mock()
    for (const [method, path] of [
      ['GET', '/get-message-api/pbm_%E0%A4%A'],
      ['POST', '/__mock/calls/%E0%A4%A/ring'],
      ['DELETE', '/__mock/webhooks/%ZZ'],
    ] as const) {
      const viaFetch = await m.fetch(`https://a.test${path}`, { method, headers })
      expect(viaFetch.status, path).toBe(400)
      expect(await viaFetch.json()).toMatchObject({ code: 'invalid_request' })
      const viaMsw = await getResponse(m.handlers, new Request(`https://a.test${path}`, { method, headers }))
      expect(viaMsw?.status, path).toBe(400)
    }
    // On a path no route has, it is still a 404.
    expect((await m.fetch('https://a.test/get-nothing/%E0%A4%A', { headers })).status).toBe(404)
  })
})
