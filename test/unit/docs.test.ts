/**
 * The docs stay true: docs/props.md and docs/hooks.md are what the types say (scripts/props-docs.mjs,
 * scripts/hooks-docs.mjs), docs/theming.md is what the stylesheet says (scripts/theming-docs.mjs), and every
 * README code block marked `<!-- snippet: path -->` is that file of the repository, byte for byte
 * (the Next.js and Vite examples' files: CI builds and drives those apps, so the README's code is known to work).
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { propsDocPath, renderPropsDoc } from '../../scripts/props-docs.mjs'
import { deployDocPath, renderDeployDoc } from '../../scripts/deploySettings'
import { hooksDocPath, renderHooksDoc } from '../../scripts/hooks-docs.mjs'
import { renderThemingDoc, themingDocPath } from '../../scripts/theming-docs.mjs'

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
  it('docs/hooks.md is current (run `node scripts/hooks-docs.mjs`)', async () => {
    const expected = await renderHooksDoc()
    expect(readFileSync(hooksDocPath, 'utf8')).toBe(expected)
    // A guard on the guard: every hook of the entry, its options and fields, and the complete custom markup.
    const index = readFileSync('src/index.ts', 'utf8')
    const reexported = [...index.matchAll(/export \{ (use[A-Z]\w*) \}/g)].map((m) => m[1]!)
    expect(reexported.length).toBeGreaterThan(30)
    for (const hook of reexported) expect(expected).toContain(`## ${hook}\n`)
    for (const hook of ['useDialer', 'useInboundCallBanner', 'useCallLogTable', 'useGroupComposer'])
      expect(expected).toContain(`## ${hook}\n`)
    expect(expected).toMatch(
      /\| `markRead` +\| `\(conversation: ConversationSummary\) => void` +\| Marks a thread read/,
    )
    for (const custom of ['Thread', 'Composer', 'Dialer', 'CallBanner', 'CallLog'])
      expect(expected).toContain(readFileSync(`examples/react18/src/custom/${custom}.tsx`, 'utf8').trimEnd())
    // A second TypeScript program over the entry (props.md builds one too): about 30 s on two busy cores.
  }, 120_000)

  it('docs/theming.md is current (run `node scripts/theming-docs.mjs`): every --lk-* variable of the stylesheet', async () => {
    const expected = await renderThemingDoc()
    expect(readFileSync(themingDocPath, 'utf8')).toBe(expected)
    const css = readFileSync('src/styles.css', 'utf8')
    const names = new Set([...css.matchAll(/--lk-[\w-]+/g)].map((m) => m[0]).filter((n) => n !== '--lk-dialer-level'))
    expect(names.size).toBeGreaterThan(30)
    for (const name of names) expect(expected).toContain(`| \`${name}\``)
    expect(expected).toMatch(/\| `--lk-color-bubble-nativechat` +\| `var\(--lk-color-accent\)` \(unset\)/)
  })

  it("the README's marked snippets are the examples' files", () => {
    const readme = readFileSync('README.md', 'utf8')
    const snippets = [...readme.matchAll(/<!-- snippet: (\S+) -->\s*```\w*\n([\s\S]*?)```/g)]
    expect(snippets.map((m) => m[1])).toEqual(
      expect.arrayContaining([
        'examples/next/app/Support.tsx',
        'examples/next/app/SupportInbox.tsx',
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

  it("the README's client snippets are self-contained and answer the mock's calls in development", () => {
    const readme = readFileSync('README.md', 'utf8')
    for (const path of ['examples/next/app/Support.tsx', 'examples/next/app/SupportInbox.tsx']) {
      const code = readFileSync(path, 'utf8')
      expect(code, path).toContain("import 'linekit/styles.css'")
      for (const name of ['client', 'events', 'audioEngine']) expect(code, path).toContain(`const ${name} = `)
      // The mock's calls carry no audio: Agora could never connect one, so `next dev` uses the fake engine.
      expect(code, path).toContain(
        "const audioEngine = process.env.NODE_ENV === 'development' ? createFakeAudioEngine() : agoraAudioEngine()",
      )
    }
    expect(readme).toContain("import type { UploadAttachment } from 'linekit'")
  })
})
