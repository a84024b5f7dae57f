/**
 * The repository's shape (CONTRIBUTING.md, "Module names and sizes"), over the code a reader
 * navigates: src/, mocks/, server-helpers/, scripts/ and bench/.
 *
 * - A file name is found once: no two source modules share one across folders (`index.*` entry
 *   files excepted: the folder names them). Compared ignoring case, as a search box and a
 *   case-insensitive file system do.
 * - No source module is over 400 lines, except `src/api/schemas.ts` (the contract's schemas, one
 *   per shape the spec shows, kept together).
 * - `Symbol.for` is never a channel between modules (a registered symbol reaches any module that
 *   spells its key: a side channel beside the imports). Tests are searched too.
 *
 * What counts as a source module: code files (`.ts`, `.tsx`, `.js`, `.jsx`, `.mjs`, `.cjs`,
 * `.mts`, `.cts`) other than
 * - tests (`*.test.*`, `*.test-d.*`): named after the module they test, and as long as the list of
 *   its cases;
 * - declaration files (`*.d.ts`, `*.d.mts`): each describes the script beside it, of the same name.
 * Stories live in stories/, outside these folders. Nothing in these folders is generated (build
 * output goes to dist/, generated docs to docs/), so no exception is needed for it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOTS = ['src', 'mocks', 'server-helpers', 'scripts', 'bench']
const MAX_LINES = 400
const LONG_ALLOWED = new Set(['src/api/schemas.ts'])

const CODE = /\.(?:[cm]?[jt]s|[jt]sx)$/
const TEST = /\.test(?:-d)?\./
const DECLARATION = /\.d\.[cm]?ts$/

/** Every code file under `dir`, as a repository path (dependencies and build output skipped). */
function codeFiles(dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...codeFiles(path))
    else if (CODE.test(entry.name)) files.push(path)
  }
  return files
}

const allCode = ROOTS.flatMap(codeFiles)
const sources = allCode.filter((path) => !TEST.test(path) && !DECLARATION.test(path))

/** The file name without its extension: `server-helpers/gate/budgetGate.ts` → `budgetGate`. */
const moduleName = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '')

const lineCount = (path: string) => {
  const text = readFileSync(path, 'utf8')
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

describe('repository structure', () => {
  it('finds the source modules it checks (a guard on the guard)', () => {
    expect(sources).toEqual(
      expect.arrayContaining(['src/api/schemas.ts', 'server-helpers/createLinekitServer.ts', 'mocks/index.ts']),
    )
    expect(sources.some((path) => path.startsWith('scripts/'))).toBe(true)
    expect(sources.some((path) => path.startsWith('bench/'))).toBe(true)
    expect(sources.some((path) => TEST.test(path))).toBe(false)
    expect(allCode.some((path) => TEST.test(path))).toBe(true)
  })

  it('no two source modules share a file name across folders (index.* excepted)', () => {
    const byName = new Map<string, string[]>()
    for (const path of sources) {
      const name = moduleName(path).toLowerCase()
      if (name === 'index') continue
      byName.set(name, [...(byName.get(name) ?? []), path])
    }
    const shared = [...byName.values()].filter((paths) => paths.length > 1).map((paths) => paths.sort().join(' + '))
    expect(shared.sort()).toEqual([])
  })

  it(`no source module is over ${MAX_LINES} lines (src/api/schemas.ts excepted)`, () => {
    const long = sources
      .filter((path) => !LONG_ALLOWED.has(path))
      .map((path) => ({ path, lines: lineCount(path) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`)
    expect(long.sort()).toEqual([])
  })

  it('Symbol.for is not used in src/, mocks/ or server-helpers/', () => {
    const users = allCode
      .filter((path) => /^(?:src|mocks|server-helpers)\//.test(path))
      .filter((path) => readFileSync(path, 'utf8').includes('Symbol.for('))
    expect(users.sort()).toEqual([])
  })

  // CONTRIBUTING.md "Where a component lives": src/components/<domain>/<Component>/ holds the
  // component, its parts, hook, strings and tests, with an index.ts as its public surface.
  const DOMAINS = ['messaging', 'contacts', 'calling', 'prefabs']
  const componentFolders = DOMAINS.flatMap((domain) =>
    readdirSync(join('src/components', domain), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join('src/components', domain, e.name)),
  )

  it('src/components holds the domain folders, shared/ and the tests across domains', () => {
    const top = readdirSync('src/components', { withFileTypes: true })
    expect(top.filter((e) => !e.isDirectory() && !TEST.test(e.name)).map((e) => e.name)).toEqual([])
    expect(
      top
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    ).toEqual([...DOMAINS, 'shared'].sort())
    expect(componentFolders.length).toBeGreaterThan(20)
  })

  it('each component folder is named after its component and has its index.ts and its tests', () => {
    const missing = componentFolders.flatMap((dir) => {
      const name = dir.slice(dir.lastIndexOf('/') + 1)
      const files = readdirSync(dir)
      return [
        ...(existsSync(join(dir, 'index.ts')) ? [] : [`${dir}: no index.ts`]),
        ...(files.some((f) => TEST.test(f)) ? [] : [`${dir}: no test`]),
        ...(/^[A-Z]/.test(name) && (files.includes(`${name}.tsx`) || files.includes(`use${name}.ts`))
          ? []
          : [`${dir}: no ${name}.tsx (or use${name}.ts)`]),
      ]
    })
    expect(missing).toEqual([])
  })

  it('a domain folder holds component folders and the tests across them, nothing else', () => {
    const loose = DOMAINS.flatMap((domain) =>
      readdirSync(join('src/components', domain), { withFileTypes: true })
        .filter((e) => !e.isDirectory() && !TEST.test(e.name))
        .map((e) => join('src/components', domain, e.name)),
    )
    expect(loose).toEqual([])
  })
})
