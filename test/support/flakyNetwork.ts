import { createLinekitClient } from 'linekit/api'
import { asScriptedRequest } from '../../stories/support/serviceChain'
import { BASE, type createBackend } from './renderWithBackend'

/**
 * A client whose network can be cut: while `net.down`, every request fails as `fetch` does
 * offline. `refused` counts those, `through` lists the paths that got through, `keys` the
 * idempotency keys they carried.
 */
export function flakyNetwork(backend: Pick<ReturnType<typeof createBackend>, 'server' | 'prefix'>) {
  const net = { down: false, refused: 0, keys: [] as string[], through: [] as string[] }
  const client = createLinekitClient({
    baseUrl: backend.prefix === '/api/linekit' ? BASE : `http://localhost${backend.prefix}`,
    fetch: async (input, init) => {
      if (net.down) {
        net.refused += 1
        throw new TypeError('Failed to fetch')
      }
      net.through.push(new URL(new Request(input).url).pathname.slice(backend.prefix.length))
      const key = (JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { idempotencyKey?: unknown })
        .idempotencyKey
      if (typeof key === 'string') net.keys.push(key)
      return backend.server.handle(asScriptedRequest(new Request(input, init)))
    },
  })
  return { net, client }
}
