// Bundle-size measurement for the budgets of issue 11: esbuild, minified, gzip -9,
// react / react-dom / @tanstack/react-query external, code splitting on so lazy chunks
// (the Agora SDK, phone metadata) are counted apart from the initial ones.
import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { mkdtempSync, rmSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve, relative } from 'node:path'

const root = resolve(import.meta.dirname, '..')
export const reactExternal = ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/react-query']

/**
 * Bundles `code` (an ES module importing from the repo by path relative to the repo root, e.g.
 * `./src/index.ts`) and reports `{ initial, lazy, css, files, agoraInInitial, reactInInitial,
 * initialInputs }`: gzip bytes of the initial chunks (the entry chunk and every chunk it reaches
 * through static imports), of lazy chunks (reached from those only through `import()`,
 * transitively), and of CSS; `initialInputs` lists the source files with code in an initial chunk
 * (what tree-shaking kept), `files[].inputs` the same per chunk, and `graph` every parsed source
 * file with its static imports (to tell what a module could pull in from what it did).
 */
export async function measure(code, { external = reactExternal, platform = 'browser' } = {}) {
  const outdir = mkdtempSync(join(tmpdir(), 'lk-size-'))
  try {
    const result = await build({
      stdin: { contents: code, resolveDir: root, loader: 'tsx', sourcefile: 'entry.tsx' },
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform,
      target: 'es2022',
      outdir,
      external,
      metafile: true,
      write: true,
      logLevel: 'silent',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.css': 'css' },
    })
    const outputs = result.metafile.outputs
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
    const gz = (file) => gzipSync(readFileSync(resolve(root, file)), { level: 9 }).length
    const files = [...initial, ...lazy, ...(cssFile ? [cssFile] : [])].map((file) => {
      // Biggest contributors first, so a failure message names what to look at.
      const inputs = Object.entries(outputs[file].inputs)
        .filter(([, v]) => v.bytesInOutput > 0)
        .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
        .map(([i]) => i)
      return {
        file: relative(outdir, resolve(root, file)),
        kind: file === cssFile ? 'css' : initial.has(file) ? 'initial' : 'lazy',
        gzip: gz(file),
        agora: inputs.some((i) => i.includes('agora-rtc-sdk-ng')),
        phone: inputs.some((i) => i.includes('libphonenumber-js')),
        react: inputs.some((i) => /node_modules\/react(-dom)?\//.test(i)),
        inputs,
      }
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
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

/**
 * {@link measure} for several snippets, each bundled alone (one esbuild run per entry: a
 * multi-entry split build shares chunks between entries and would blur what each one pulls in).
 */
export async function analyze(entries, options = {}) {
  const names = Object.keys(entries)
  const results = await Promise.all(names.map((name) => measure(entries[name], options)))
  return Object.fromEntries(names.map((name, i) => [name, results[i]]))
}

/** gzip -9 size of the built stylesheet source, minified. */
export async function cssSize() {
  const { transform } = await import('esbuild')
  const { code } = await transform(readFileSync(join(root, 'src/styles.css'), 'utf8'), { loader: 'css', minify: true })
  return gzipSync(code, { level: 9 }).length
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
