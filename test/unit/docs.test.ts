/**
 * The docs stay true: docs/props.md is what the types say (scripts/props-docs.mjs), and every
 * README code block marked `<!-- snippet: path -->` is that file of the repository, byte for byte
 * (the Next.js and Vite examples' files: CI builds and drives those apps, so the README's code is known to work).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { propsDocPath, renderPropsDoc } from '../../scripts/props-docs.mjs'

describe('docs', () => {
  it('docs/props.md is current (run `node scripts/props-docs.mjs`)', async () => {
    const expected = await renderPropsDoc()
    expect(readFileSync(propsDocPath, 'utf8')).toBe(expected)
    // A guard on the guard: the generator found the components and their documented props.
    expect(expected).toContain('## Conversation')
    expect(expected).toMatch(/`phoneNumber` \(required\)/)
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
})
