/**
 * The API key never reaches a browser bundle: `scripts/check-no-secrets.mjs` scans the built
 * browser entries (`dist/`, and every chunk they import) and `storybook-static/`.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { scan } from './check-no-secrets.mjs'

const root = resolve(import.meta.dirname, '..')

describe('built browser bundles (scripts/check-no-secrets.mjs)', () => {
  it('the scanner finds a planted key in a browser chunk, ignores Node entries, and allows the mock seed in Storybook', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lk-secrets-'))
    mkdirSync(join(dir, 'mocks/service'), { recursive: true })
    mkdirSync(join(dir, 'dist/chunks'), { recursive: true })
    mkdirSync(join(dir, 'storybook-static/assets'), { recursive: true })
    writeFileSync(
      join(dir, 'mocks/service/seed.ts'),
      "export const seedKeys = {\n  production: 'lk_mock_production',\n} as const\n",
    )
    writeFileSync(
      join(dir, 'dist/index.js'),
      "export * from './chunks/a.js'\nconst lazy = () => import('./chunks/b.js')\n",
    )
    writeFileSync(join(dir, 'dist/chunks/a.js'), 'export const a = 1\n')
    writeFileSync(join(dir, 'dist/chunks/b.js'), "export const key = 'lk_mock_production'\n")
    writeFileSync(join(dir, 'dist/mocks.js'), "export const seed = 'lk_mock_production'\n")
    writeFileSync(
      join(dir, 'storybook-static/assets/mock.js'),
      "const s={acct_production:1,acct_not_provisioned:2,k:'lk_mock_production'}\n",
    )
    writeFileSync(
      join(dir, 'storybook-static/assets/Conversation.js'),
      "fetch('/api/linekit',{headers:{authorization:'Bearer sk_live_0123456789'}})\n",
    )
    const result = scan({ root: dir, secrets: ['sk_live_0123456789'] })
    expect(result.hits).toEqual([
      { file: 'dist/chunks/b.js', secret: 'lk_mock_production' },
      { file: 'storybook-static/assets/Conversation.js', secret: 'sk_live_0123456789' },
    ])
    // The CLI exits non-zero on a hit.
    expect(() =>
      execFileSync(process.execPath, [join(root, 'scripts/check-no-secrets.mjs'), '--root', dir], { stdio: 'pipe' }),
    ).toThrow()
  })

  it.skipIf(!existsSync(join(root, 'dist')) && !existsSync(join(root, 'storybook-static')))(
    'dist/ and storybook-static/ carry no key',
    () => {
      const result = scan({ root })
      expect(result.scanned.length).toBeGreaterThan(0)
      expect(result.hits).toEqual([])
    },
  )
})
