// `node scripts/cycles.mjs [dir…]`: lists import cycles between the repository's TypeScript
// modules, type-only imports included (a cycle of types still ties the modules together for a
// reader and for declaration output). Exits 1 when there is one. The unit suite runs it over
// src/, mocks/ and server-helpers/ (test/unit/boundaries.test.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const sourceFile = (name) => /\.(ts|tsx)$/.test(name) && !/\.(test|test-d|browser\.test)\.tsx?$/.test(name)

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules') walk(path, out)
    } else if (sourceFile(name)) out.push(path)
  }
  return out
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return undefined
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  const js = base.replace(/\.js$/, '')
  for (const candidate of [`${js}.ts`, `${js}.tsx`]) if (existsSync(candidate)) return candidate
  return undefined
}

/** Static imports and re-exports (type-only included), and `import()`: a lazy chunk is a dependency too. */
const importPattern =
  /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gms

/** The graph of `dirs` (relative to the repository) and its cycles, each as a list of paths. */
export function findCycles(dirs) {
  const files = dirs.flatMap((d) => walk(resolve(root, d)))
  const graph = new Map()
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const deps = new Set()
    for (const m of text.matchAll(importPattern)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? m[3])
      if (target && target !== file) deps.add(target)
    }
    graph.set(file, [...deps])
  }
  // Tarjan's strongly connected components: every component of more than one file is a cycle.
  let index = 0
  const stack = []
  const info = new Map()
  const cycles = []
  const connect = (v) => {
    info.set(v, { index, low: index, onStack: true })
    index++
    stack.push(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!info.has(w)) {
        connect(w)
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low)
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index)
    }
    if (info.get(v).low === info.get(v).index) {
      const component = []
      let w
      do {
        w = stack.pop()
        info.get(w).onStack = false
        component.push(relative(root, w))
      } while (w !== v)
      if (component.length > 1) cycles.push(component.sort())
    }
  }
  for (const file of graph.keys()) if (!info.has(file)) connect(file)
  return cycles
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.slice(2)
  const cycles = findCycles(dirs.length > 0 ? dirs : ['src', 'mocks', 'server-helpers'])
  for (const c of cycles) console.log(`cycle: ${c.join(' ⇄ ')}`)
  process.exit(cycles.length > 0 ? 1 : 0)
}
