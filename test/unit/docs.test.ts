// @vitest-environment node
/**
 * The docs stay true: docs/props.md is what the types say (scripts/props-docs.mjs), and every
 * README code block marked `<!-- snippet: path -->` is that file of the repository, byte for byte
 * (the Next.js and Vite examples' files: CI builds and drives those apps, so the README's code is known to work).
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { propsDocPath, renderPropsDoc } from '../../scripts/props-docs.mjs'
import { deployDocPath, renderDeployDoc } from '../../scripts/deploySettings'

describe('docs', () => {
  // The contract is published beside the repository (../shared/spec on these machines); the repo keeps
  // a copy so that every reference in it resolves in a clone. Where the original is at hand, the copy
  // must be it, byte for byte.
  const contract = '../shared/spec/service-interface.md'
  it.runIf(existsSync(contract))('docs/service-interface.md is the published contract', () => {
    expect(readFileSync('docs/service-interface.md', 'utf8')).toBe(readFileSync(contract, 'utf8'))
  })

  it('docs/props.md is current (run `node scripts/props-docs.mjs`)', async () => {
    const expected = await renderPropsDoc()
    expect(readFileSync(propsDocPath, 'utf8')).toBe(expected)
    // A guard on the guard: the generator found the components and their documented props.
    expect(expected).toContain('## Conversation')
    expect(expected).toMatch(/`phoneNumber` \(required\)/)
  }, 60_000)

  it('docs/deploy.md lists every setting the code has (run `npx tsx scripts/deploySettings.ts`)', async () => {
    const current = readFileSync(deployDocPath, 'utf8')
    expect(current).toBe(await renderDeployDoc(current))
    // A guard on the guard: the tables hold the server's options and the Redis stores'.
    expect(current).toMatch(/\| `webhookSecret` +\| \*\*required\*\* +\| `LINEKIT_WEBHOOK_SECRET`/)
    expect(current).toMatch(/\| `replayBufferSize` +\| optional +\| `1000`/)
    expect(current).toContain('`REDIS_URL`')
  }, 60_000)

  it("the README's marked snippets are the examples' files", () => {
    const readme = readFileSync('README.md', 'utf8')
    const snippets = [...readme.matchAll(/<!-- snippet: (\S+) -->\s*```\w*\n([\s\S]*?)```/g)]
    expect(snippets.map((m) => m[1])).toEqual(
      expect.arrayContaining([
        'examples/next/app/Support.tsx',
        'examples/next/app/api/linekit/[...path]/route.ts',
        'examples/vite/server.js',
        'examples/vite/session.js',
        'examples/vite/vite.config.js',
        'examples/vite/src/Support.jsx',
      ]),
    )
    for (const [, path, code] of snippets) expect(code, path).toBe(readFileSync(path!, 'utf8'))
  })

  it("the deploy guide's marked snippets are the multi-instance example's files", () => {
    const guide = readFileSync('docs/deploy.md', 'utf8')
    const snippets = [...guide.matchAll(/<!-- snippet: (\S+) -->\s*```\w*\n([\s\S]*?)```/g)]
    expect(snippets.map((m) => m[1])).toEqual([
      'examples/multi-instance/linekit.js',
      'examples/multi-instance/server.js',
    ])
    for (const [, path, code] of snippets) expect(code, path).toBe(readFileSync(path!, 'utf8'))
  })
})
