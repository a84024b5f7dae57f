/**
 * Size guard for linekit/api, bundled with rolldown (Vite's bundler):
 * code that only displays numbers — the schemas and the client — must not load
 * libphonenumber-js at all (the service normalizes group numbers), and zod must be
 * tree-shaken (an `import { z } from 'zod/mini'` namespace object defeats that: ≈88 KB gzip).
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { rolldown } from 'rolldown'
import { afterAll, describe, expect, it } from 'vitest'

const apiIndex = fileURLToPath(new URL('./index.ts', import.meta.url))
const phoneEntry = fileURLToPath(new URL('./phoneEntry.ts', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'linekit-api-size-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function bundle(name: string, code: string) {
  const input = join(dir, `${name}.ts`)
  writeFileSync(input, code)
  const build = await rolldown({ input, logLevel: 'silent' })
  const { output } = await build.generate({ format: 'esm', minify: true })
  await build.close()
  const chunks = output.filter((o) => o.type === 'chunk')
  const entry = chunks.find((c) => c.isEntry)!
  // the entry plus every chunk it imports statically
  const closure = new Set([entry.fileName])
  for (const name of closure) for (const i of chunks.find((c) => c.fileName === name)?.imports ?? []) closure.add(i)
  const staticChunks = chunks.filter((c) => closure.has(c.fileName))
  return {
    staticModules: staticChunks.flatMap((c) => Object.keys(c.modules)),
    allModules: chunks.flatMap((c) => Object.keys(c.modules)),
    staticGzip: staticChunks.reduce((n, c) => n + gzipSync(c.code, { level: 9 }).length, 0),
  }
}

describe('linekit/api bundle', () => {
  it('schemas + client: no libphonenumber in the static graph, under 20 KB gzip', async () => {
    const r = await bundle(
      'display',
      `import { createLinekitClient, messageRecordSchema } from ${JSON.stringify(apiIndex)}; console.log(createLinekitClient, messageRecordSchema)`,
    )
    expect(r.staticModules.some((m) => m.includes('libphonenumber-js'))).toBe(false)
    expect(r.staticModules.some((m) => m.includes('zod'))).toBe(true)
    expect(r.allModules.some((m) => m.includes('libphonenumber-js'))).toBe(false)
    expect(r.staticGzip).toBeLessThan(20_000)
  })

  it('the client alone (a page behind linekit/server): the routes without a schema, no zod', async () => {
    const r = await bundle(
      'client',
      `import { createLinekitClient } from ${JSON.stringify(apiIndex)}; console.log(createLinekitClient)`,
    )
    // The endpoint files are in (their routes), the schemas and zod are not.
    expect(r.staticModules.some((m) => m.includes('endpoints/sendGroupMessage'))).toBe(true)
    expect(r.allModules.filter((m) => m.includes('zod') || m.endsWith('schemas.ts'))).toEqual([])
    // esbuild too: it drops an unused `defineEndpoint(...)` only where the call is marked pure.
    const built = await build({
      stdin: {
        contents: `import { createLinekitClient } from ${JSON.stringify(apiIndex)}; console.log(createLinekitClient)`,
        loader: 'ts',
        resolveDir: dir,
      },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const kept = Object.values(built.metafile.outputs).flatMap((o) =>
      Object.entries(o.inputs)
        .filter(([, v]) => v.bytesInOutput > 0)
        .map(([i]) => i),
    )
    expect(kept.some((i) => i.includes('endpoints/sendGroupMessage'))).toBe(true)
    expect(kept.filter((i) => i.includes('zod') || i.endsWith('schemas.ts'))).toEqual([])
  })

  it('normalizePhone (linekit/phone) pulls libphonenumber with the min metadata only', async () => {
    const r = await bundle(
      'phone',
      `import { normalizePhone } from ${JSON.stringify(phoneEntry)}; console.log(normalizePhone)`,
    )
    expect(r.staticModules.some((m) => m.includes('metadata.min'))).toBe(true)
    expect(r.staticModules.some((m) => m.includes('metadata.max') || m.includes('metadata.mobile'))).toBe(false)
    expect(r.staticGzip).toBeLessThan(35_000)
  })
})
