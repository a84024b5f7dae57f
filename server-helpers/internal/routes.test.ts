// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { endpointTable } from '../../src/api/endpointTable'
import { proxyRoutes } from './routes'

// The allowlist is written by hand (each route needs a line policy); this keeps it equal to the
// contract, so a new endpoint in src/api cannot silently go unserved or unscoped.
describe('proxy allowlist', () => {
  it('serves exactly the messaging endpoints of the contract, with their methods', () => {
    const contract = endpointTable
      .filter((e) => e.host === 'base')
      .map((e) => `${e.method} ${e.path}`)
      .sort()
    const served = proxyRoutes.map((r) => `${r.method} ${r.path}`).sort()
    expect(served).toEqual(contract)
  })

  it('gives every route that names a line in the contract a line policy', () => {
    for (const endpoint of endpointTable.filter((e) => e.host === 'base' && 'lineField' in e)) {
      const route = proxyRoutes.find((r) => r.method === endpoint.method && r.path === endpoint.path)
      expect(route?.policy.kind, `${endpoint.method} ${endpoint.path}`).not.toBe('open')
    }
  })
})
