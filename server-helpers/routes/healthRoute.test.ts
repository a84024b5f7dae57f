/**
 * `GET <prefix>/health`, the readiness check: 503 while the read model loads its store, 200 once
 * it holds what the store holds, 503 `unavailable` when the store cannot be read; never signs
 * anyone in and never calls the service.
 */
import { describe, expect, it } from 'vitest'
import type { ModelStore } from '../model/modelTypes'
import { createMemoryModelStore } from '../model/memoryModelStore'
import { req, setup } from '../../test/support/server/setup'
import { eventually } from '../../test/support/serverRig'

/** A store whose `open` settles when the test says. */
function heldStore() {
  const inner = createMemoryModelStore()
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined
  const store: ModelStore = {
    ...inner,
    open: (target) =>
      new Promise<void>((resolve, reject) => {
        settle = { resolve: () => inner.open(target).then(resolve, reject), reject }
      }),
  }
  return { store, open: () => settle!.resolve(), fail: () => settle!.reject(new Error('redis: connection refused')) }
}

const status = async (response: Response) => [response.status, ((await response.json()) as { status: string }).status]

describe('GET <prefix>/health', () => {
  it('is 503 starting until the model holds its store, then 200 ready; no sign-in, no upstream call', async () => {
    const held = heldStore()
    const { server, upstream } = setup({}, { readModel: { store: held.store, reconciler: false } })
    expect(await status(await server.handle(req('/api/linekit/health')))).toEqual([503, 'starting'])
    held.open()
    await server.ready()
    const ready = await server.handle(req('/api/linekit/health')) // no x-user: nobody is signed in
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect(await status(ready)).toEqual([200, 'ready'])
    expect(upstream.calls).toHaveLength(0)
    expect((await server.handle(req('/api/linekit/health', { method: 'POST' }))).status).toBe(405)
    await server.close()
  })

  it('is 503 unavailable when the store cannot be read', async () => {
    const held = heldStore()
    const { server } = setup({}, { readModel: { store: held.store, reconciler: false } })
    held.fail()
    await eventually(async () => (await server.handle(req('/api/linekit/health'))).status === 503)
    await eventually(async () => (await status(await server.handle(req('/api/linekit/health'))))[1] === 'unavailable')
    await server.close()
  })

  it('without a read model it is ready at once', async () => {
    const { server } = setup({}, { readModel: false })
    await eventually(async () => (await server.handle(req('/api/linekit/health'))).status === 200)
  })
})
