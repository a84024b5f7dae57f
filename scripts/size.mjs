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
 * Bundles `code` (an ES module importing from the repo by absolute path) and reports
 * `{ initial, lazy, css, files, agoraInInitial }`: gzip bytes of the initial chunks (the entry and
 * everything it imports statically), of lazy chunks (reached only through `import()`), and of CSS.
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
    const walk = (file) => {
      if (initial.has(file)) return
      initial.add(file)
      for (const imp of outputs[file].imports) if (imp.kind === 'import-statement' && outputs[imp.path]) walk(imp.path)
    }
    walk(entry)
    const gz = (file) => gzipSync(readFileSync(resolve(root, file)), { level: 9 }).length
    const files = Object.keys(outputs).map((file) => {
      const inputs = Object.keys(outputs[file].inputs)
      return {
        file: relative(outdir, resolve(root, file)),
        kind: file.endsWith('.css') ? 'css' : initial.has(file) ? 'initial' : 'lazy',
        gzip: gz(file),
        agora: inputs.some((i) => i.includes('agora-rtc-sdk-ng')),
        phone: inputs.some((i) => i.includes('libphonenumber-js')),
        react: inputs.some((i) => /node_modules\/react(-dom)?\//.test(i)),
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
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

/** gzip -9 size of the built stylesheet source, minified. */
export async function cssSize() {
  const { transform } = await import('esbuild')
  const { code } = await transform(readFileSync(join(root, 'src/styles.css'), 'utf8'), { loader: 'css', minify: true })
  return gzipSync(code, { level: 9 }).length
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
