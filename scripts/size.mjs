// Bundle-size measurement for the size budgets: esbuild, minified, gzip -9,
// react / react-dom / @tanstack/react-query external, code splitting on so lazy chunks
// (the Agora SDK, phone metadata) are counted apart from the initial ones.
import { build, context } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve, relative } from 'node:path'

const root = resolve(import.meta.dirname, '..')
export const reactExternal = ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/react-query']

/** One output file's record: its gzip size and what it holds (`inputs`, biggest first), the same for every bundler. */
function fileRecord(file, kind, code, inputs) {
  return {
    file,
    kind,
    gzip: gzipSync(code, { level: 9 }).length,
    agora: inputs.some((i) => i.includes('agora-rtc-sdk-ng')),
    phone: inputs.some((i) => i.includes('libphonenumber-js')),
    react: inputs.some((i) => /node_modules\/react(-dom)?\//.test(i)),
    inputs,
  }
}

/** esbuild's options for {@link measure}: the entry is the snippet (`stdin`, or the plugin's virtual module). */
function buildOptions({ external = reactExternal, platform = 'browser' } = {}) {
  return {
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform,
    target: 'es2022',
    // Nothing is written (the chunks are measured in memory); the folder only names them.
    outdir: join(tmpdir(), 'lk-size'),
    absWorkingDir: root,
    external,
    metafile: true,
    write: false,
    logLevel: 'silent',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'css' },
  }
}

/**
 * Bundles `code` (an ES module importing from the repo by path relative to the repo root, e.g.
 * `./src/index.ts`) and reports `{ initial, lazy, css, files, agoraInInitial, reactInInitial,
 * initialInputs }`: gzip bytes of the initial chunks (the entry chunk and every chunk it reaches
 * through static imports), of lazy chunks (reached from those only through `import()`,
 * transitively), and of CSS; `initialInputs` lists the source files with code in an initial chunk
 * (what tree-shaking kept), `files[].inputs` the same per chunk, and `graph` every parsed source
 * file with its static imports (to tell what a module could pull in from what it did).
 * `resolveDir`: where the snippet's bare imports resolve from (the repository; another folder for
 * other kits, as `npm run bench` measures them).
 */
export async function measure(code, { resolveDir = root, ...options } = {}) {
  const result = await build({
    ...buildOptions(options),
    stdin: { contents: code, resolveDir, loader: 'tsx', sourcefile: 'entry.tsx' },
  })
  return summarize(result)
}

/** {@link measure}'s figures from an esbuild result (`write: false`, with its metafile). */
function summarize(result) {
  const { outdir } = buildOptions()
  const outputs = result.metafile.outputs
  const contents = new Map(result.outputFiles.map((f) => [f.path, f.contents]))
  const entry = Object.keys(outputs).find((f) => outputs[f].entryPoint && f.endsWith('.js'))
  const initial = new Set()
  const lazy = new Set()
  const pendingLazy = []
  const walk = (file, into) => {
    if (into.has(file) || initial.has(file)) return
    into.add(file)
    for (const imp of outputs[file].imports) {
      if (!outputs[imp.path]) continue // external
      if (imp.kind === 'import-statement') walk(imp.path, into)
      else if (imp.kind === 'dynamic-import') pendingLazy.push(imp.path)
    }
  }
  walk(entry, initial)
  while (pendingLazy.length) walk(pendingLazy.pop(), lazy)
  const cssFile = outputs[entry].cssBundle
  const files = [...initial, ...lazy, ...(cssFile ? [cssFile] : [])].map((file) => {
    // Biggest contributors first, so a failure message names what to look at.
    const inputs = Object.entries(outputs[file].inputs)
      .filter(([, v]) => v.bytesInOutput > 0)
      .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
      .map(([i]) => i)
    const kind = file === cssFile ? 'css' : initial.has(file) ? 'initial' : 'lazy'
    return fileRecord(relative(outdir, resolve(root, file)), kind, contents.get(resolve(root, file)), inputs)
  })
  const sum = (kind) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gzip, 0)
  return {
    initial: sum('initial'),
    lazy: sum('lazy'),
    css: sum('css'),
    files,
    agoraInInitial: files.some((f) => f.kind === 'initial' && f.agora),
    reactInInitial: files.some((f) => f.kind === 'initial' && f.react),
    initialInputs: [...new Set(files.filter((f) => f.kind === 'initial').flatMap((f) => f.inputs))].sort(),
    graph: Object.fromEntries(
      Object.entries(result.metafile.inputs).map(([file, v]) => [
        file,
        v.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path),
      ]),
    ),
  }
}

/**
 * A {@link measure} that keeps one esbuild context for all the snippets it is given: each build is
 * a rebuild whose entry is the snippet at hand, so each source (the kit, the Agora SDK, the phone
 * metadata) is read and parsed once, not once per snippet. Same options, same figures as
 * {@link measure}; calls run one after another. `dispose()` when done.
 */
export function createMeasurer({ resolveDir = root, ...options } = {}) {
  let code = ''
  const snippet = {
    name: 'snippet',
    setup(b) {
      b.onResolve({ filter: /^snippet$/ }, () => ({ path: 'entry.tsx', namespace: 'snippet' }))
      b.onLoad({ filter: /.*/, namespace: 'snippet' }, () => ({ contents: code, loader: 'tsx', resolveDir }))
    },
  }
  let ctx
  let queue = Promise.resolve()
  const run = (task) => {
    const result = queue.then(task)
    queue = result.catch(() => {})
    return result
  }
  return {
    measure: (snippetCode) =>
      run(async () => {
        ctx ??= await context({ ...buildOptions(options), entryPoints: ['snippet'], plugins: [snippet] })
        code = snippetCode
        return summarize(await ctx.rebuild())
      }),
    dispose: () => run(() => ctx?.dispose()),
  }
}

/** gzip -9 size of the built stylesheet source, minified. */
export async function cssSize() {
  const { transform } = await import('esbuild')
  const { code } = await transform(readFileSync(join(root, 'src/styles.css'), 'utf8'), { loader: 'css', minify: true })
  return gzipSync(code, { level: 9 }).length
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/**
 * {@link measure} with Vite (production build: rolldown, Vite's default minifier, @vitejs/plugin-react)
 * instead of esbuild; same externals, same gzip -9, same initial/lazy split (static imports of the
 * entry chunk, transitively, versus chunks reached only through `import()`).
 */
export async function measureVite(code, { external = reactExternal, resolveDir } = {}) {
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  // The entry sits in `resolveDir` when given, so that folder's node_modules resolve its imports.
  const dir = mkdtempSync(join(resolveDir ?? tmpdir(), 'lk-size-vite-'))
  try {
    const entry = join(dir, 'entry.tsx')
    // The snippet imports the repository by `./src/…`: make that absolute for a file outside it.
    writeFileSync(entry, code.replace(/(['"])\.\/(src|server-helpers|mocks)\//g, `$1${root}/$2/`))
    const isExternal = (id) => external.some((e) => (e.endsWith('/*') ? id.startsWith(e.slice(0, -1)) : id === e))
    const out = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      plugins: [react()],
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        write: false,
        target: 'es2022',
        modulePreload: false,
        rolldownOptions: { input: entry, external: isExternal, preserveEntrySignatures: 'allow-extension' },
      },
    })
    const output = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output)
    const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]))
    const entryChunk = [...chunks.values()].find((c) => c.isEntry)
    const initial = new Set()
    const lazy = new Set()
    const pending = []
    const walk = (name, into) => {
      if (into.has(name) || initial.has(name) || !chunks.has(name)) return
      into.add(name)
      const c = chunks.get(name)
      for (const i of c.imports) walk(i, into)
      pending.push(...c.dynamicImports)
    }
    walk(entryChunk.fileName, initial)
    while (pending.length) walk(pending.pop(), lazy)
    const files = [...initial, ...lazy].map((name) => {
      const c = chunks.get(name)
      const inputs = Object.entries(c.modules)
        .filter(([, m]) => m.renderedLength > 0)
        .sort((a, b) => b[1].renderedLength - a[1].renderedLength)
        .map(([id]) => relative(root, id.replace(/^\0/, '')))
      return fileRecord(name, initial.has(name) ? 'initial' : 'lazy', c.code, inputs)
    })
    const sum = (kind) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gzip, 0)
    return {
      initial: sum('initial'),
      lazy: sum('lazy'),
      files,
      agoraInInitial: files.some((f) => f.kind === 'initial' && f.agora),
      initialInputs: [...new Set(files.filter((f) => f.kind === 'initial').flatMap((f) => f.inputs))].sort(),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * gzip -9 bytes of all of @tanstack/react-query, minified, react external: its share of a Next.js
 * chunk where Turbopack merged it with linekit (more than a page uses of it, never less).
 */
export async function reactQueryAlone() {
  const out = await build({
    stdin: { contents: "export * from '@tanstack/react-query'", resolveDir: root },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    logLevel: 'silent',
  })
  return gzipSync(out.outputFiles[0].contents, { level: 9 }).length
}

const nextExampleDir = join(root, 'examples', 'next')

/**
 * The README page as `next build` (Turbopack) ships it, read from `examples/next/.next`: the
 * scripts the prerendered `/` loads minus those the app's own `/_not-found` loads (Next's runtime
 * and React), gzip -9 each. Lazy chunks are the other page chunks (reached through `import()`:
 * the Agora SDK, phone metadata). `undefined` when the example has not been built.
 * Unlike {@link measure}, @tanstack/react-query is bundled (Next cannot leave it out); its chunk is
 * reported apart as `reactQuery` when Turbopack gives it one.
 */
export function measureNextBuild(dir = join(nextExampleDir, '.next')) {
  const page = join(dir, 'server', 'app', 'index.html')
  if (!existsSync(page)) return undefined
  const scripts = (file) =>
    new Set([...readFileSync(file, 'utf8').matchAll(/static\/chunks\/[\w.-]+\.js/g)].map((m) => m[0]))
  const base = scripts(join(dir, 'server', 'app', '_not-found.html'))
  const initial = [...scripts(page)].filter((s) => !base.has(s))
  const chunkDir = join(dir, 'static', 'chunks')
  const all = readdirSync(chunkDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => `static/chunks/${f}`)
  const lazy = all.filter((f) => !initial.includes(f) && !base.has(f) && !/\/turbopack-/.test(f))
  const files = [...initial, ...lazy].map((file) => {
    const text = readFileSync(join(dir, file), 'utf8')
    return {
      file,
      kind: initial.includes(file) ? 'initial' : 'lazy',
      gzip: gzipSync(text, { level: 9 }).length,
      agora: text.includes('AgoraRTC'),
      phone: text.includes('country_calling_codes'),
      zod: text.includes('$ZodType'),
      // TanStack Query alone in a chunk: its client class, and none of linekit's `lk-*` class names.
      reactQuery: text.includes('QueryClient') && !/lk-[A-Z]/.test(text),
    }
  })
  const sum = (pred) => files.filter(pred).reduce((n, f) => n + f.gzip, 0)
  return {
    initial: sum((f) => f.kind === 'initial'),
    reactQuery: sum((f) => f.kind === 'initial' && f.reactQuery),
    lazy: sum((f) => f.kind === 'lazy'),
    files,
    agoraInInitial: files.some((f) => f.kind === 'initial' && f.agora),
    phoneInInitial: files.some((f) => f.kind === 'initial' && f.phone),
  }
}

/**
 * The README's "Embed a component" code: examples/next/app/Support.tsx, importing the
 * repository's sources (`./src/index.ts`, `./src/api/index.ts`, `./src/styles.css`) instead of the
 * package, so {@link measure} and {@link measureVite} bundle exactly what the README shows.
 */
export function readmeSnippet() {
  return readFileSync(join(nextExampleDir, 'app', 'Support.tsx'), 'utf8')
    .replace(/from 'linekit\/api'/g, "from './src/api/index.ts'")
    .replace(/from 'linekit'/g, "from './src/index.ts'")
    .replace(/'linekit\/styles\.css'/g, "'./src/styles.css'")
}
