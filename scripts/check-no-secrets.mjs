#!/usr/bin/env node
// `node scripts/check-no-secrets.mjs [--root <dir>] [--secret <value>]…`
// Fails (exit 1) when an API key appears in a built browser bundle (the key never reaches a
// browser: spec: Authentication). Run it after `npm run build` and `npm run build-storybook`.
//
// What counts as a secret: every seeded mock key (read from mocks/service/seed.ts), the value of
// LINEKIT_API_KEY when set, and every --secret. What is scanned:
// - dist/: the browser entry points (index.js, api.js, phone.js, linekit.css) and every file they import,
//   statically or dynamically, with their source maps. The Node entries (server*, mocks*) are not
//   browser code, and the mock carries its seeded keys by design.
// - storybook-static/: every file. Stories run the real linekit/server and the mock inside the
//   browser, so the seeded mock keys are expected in the file(s) holding the mock's seed (they are
//   public test keys); anywhere else, and any real key (LINEKIT_API_KEY / --secret) anywhere, fails.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))

/** The seeded API keys and OAuth tokens of the mock. */
export function seededSecrets(root) {
  const file = join(root, 'mocks/service/seed.ts')
  if (!existsSync(file)) return []
  const text = readFileSync(file, 'utf8')
  const block = (name) => text.match(new RegExp(`export const ${name} = \\{([\\s\\S]*?)\\}`))?.[1] ?? ''
  return [...`${block('seedKeys')}${block('seedAccessTokens')}`.matchAll(/'([^']{8,})'/g)].map((m) => m[1])
}

function walk(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    const stat = statSync(path)
    if (stat.isDirectory()) out.push(...walk(path))
    else out.push(path)
  }
  return out
}

/** Files reachable from the dist browser entries through relative imports. */
function browserGraph(dist) {
  const seen = new Set()
  const queue = ['index.js', 'api.js', 'phone.js', 'linekit.css'].map((f) => join(dist, f)).filter((f) => existsSync(f))
  while (queue.length > 0) {
    const file = queue.pop()
    if (seen.has(file)) continue
    seen.add(file)
    if (existsSync(`${file}.map`)) seen.add(`${file}.map`)
    if (!file.endsWith('.js')) continue
    const code = readFileSync(file, 'utf8')
    for (const m of code.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = resolve(dirname(file), m[1])
      if (existsSync(target)) queue.push(target)
    }
  }
  return [...seen]
}

/**
 * Scans the built folders under `root`. Returns the hits (`{ file, secret }`) and what was scanned.
 * @param {{ root: string, secrets?: string[] }} options
 */
export function scan({ root, secrets = [] }) {
  const seeded = seededSecrets(root)
  const real = [...secrets, process.env.LINEKIT_API_KEY].filter((s) => typeof s === 'string' && s.length >= 8)
  const hits = []
  const scanned = []
  const dist = join(root, 'dist')
  if (existsSync(dist)) {
    for (const file of browserGraph(dist)) {
      scanned.push(file)
      const text = readFileSync(file, 'utf8')
      for (const secret of [...seeded, ...real])
        if (text.includes(secret)) hits.push({ file: relative(root, file), secret })
    }
  }
  const storybook = join(root, 'storybook-static')
  if (existsSync(storybook)) {
    for (const file of walk(storybook)) {
      if (!/\.(js|mjs|cjs|html|json|map|css|txt)$/.test(file)) continue
      scanned.push(file)
      const text = readFileSync(file, 'utf8')
      // The mock's seed module defines the production account next to its key.
      const holdsMockSeed = text.includes('acct_production') && text.includes('acct_not_provisioned')
      for (const secret of real) if (text.includes(secret)) hits.push({ file: relative(root, file), secret })
      if (!holdsMockSeed)
        for (const secret of seeded) if (text.includes(secret)) hits.push({ file: relative(root, file), secret })
    }
  }
  return { hits, scanned, seeded, real }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const args = process.argv.slice(2)
  let root = resolve(here, '..')
  const secrets = []
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--root') root = resolve(args[++i])
    else if (args[i] === '--secret') secrets.push(args[++i])
  }
  const { hits, scanned, seeded, real } = scan({ root, secrets })
  if (scanned.length === 0) {
    console.log('check-no-secrets: no dist/ nor storybook-static/ to scan (build first); nothing checked.')
    process.exit(0)
  }
  if (hits.length > 0) {
    for (const hit of hits) console.error(`check-no-secrets: ${hit.file} contains a key (${hit.secret.slice(0, 8)}…)`)
    process.exit(1)
  }
  console.log(
    `check-no-secrets: ${scanned.length} files clean (${seeded.length} seeded keys${real.length ? `, ${real.length} real` : ''}).`,
  )
}
