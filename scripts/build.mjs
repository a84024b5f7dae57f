// `npm run build`: ESM bundles for every entry point (vite library mode, rolldown inside),
// `.d.ts` from tsc, and the stylesheet. Dependencies and peers stay external.
import { readFileSync, writeFileSync, rmSync, existsSync, readdirSync, statSync, mkdirSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { execSync } from 'node:child_process'
import { build } from 'vite'
import { transform } from 'esbuild'

const root = resolve(import.meta.dirname, '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const externalNames = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]
const isExternal = (id) =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  externalNames.some((name) => id === name || id.startsWith(`${name}/`))

export const entries = {
  index: 'src/index.ts',
  api: 'src/api/index.ts',
  phone: 'src/api/phoneEntry.ts',
  server: 'server-helpers/index.ts',
  'server-node': 'server-helpers/node.ts',
  'server-next': 'server-helpers/next.ts',
  'server-redis': 'server-helpers/redis.ts',
  mocks: 'mocks/index.ts',
  'mocks-node': 'mocks/node/index.ts',
  // The `linekit-mock` command (package.json "bin"): plain ESM that Node runs as is.
  'mock-cli': 'mocks/node/cli.ts',
}

rmSync(join(root, 'dist'), { recursive: true, force: true })

const present = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(join(root, file))))
await build({
  root,
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    lib: { entry: Object.fromEntries(Object.entries(present).map(([k, v]) => [k, join(root, v)])), formats: ['es'] },
    rolldownOptions: {
      external: isExternal,
      // Per-module 'use client' directives are dropped when modules merge into a chunk; the entry
      // module's own directive stays at the top of dist/index.js, which is what an RSC host reads.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // One file per source module (dist/src/api/client.js, …): with "sideEffects" in
        // package.json, an app's bundler then drops whole modules it does not use. Merged chunks
        // defeat that: Turbopack kept every schema and zod for a page that imports only the client.
        preserveModules: true,
        preserveModulesRoot: root,
      },
    },
  },
})

execSync('npx tsc -p tsconfig.build.json', { cwd: root, stdio: 'inherit' })
addDeclarationExtensions(join(root, 'dist'))

const css = readFileSync(join(root, 'src/styles.css'), 'utf8')
const { code } = await transform(css, { loader: 'css', minify: true })
mkdirSync(join(root, 'dist'), { recursive: true })
writeFileSync(join(root, 'dist/linekit.css'), code)
console.log(`built ${Object.keys(present).length} entry points into dist/`)

/**
 * tsc keeps extensionless relative specifiers (moduleResolution Bundler); Node's ESM resolution
 * (and attw's node16 check) needs `./x.js` or `./x/index.js` in declaration files.
 */
function addDeclarationExtensions(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name)
    if (statSync(file).isDirectory()) addDeclarationExtensions(file)
    else if (file.endsWith('.d.ts')) {
      const text = readFileSync(file, 'utf8')
      const fixed = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*)(['"])/g, (m, pre, spec, post) => {
        if (/\.(js|mjs|cjs|json|css)$/.test(spec)) return m
        const base = resolve(dirname(file), spec)
        if (existsSync(`${base}.d.ts`)) return `${pre}${spec}.js${post}`
        if (existsSync(join(base, 'index.d.ts'))) return `${pre}${spec}/index.js${post}`
        return m
      })
      if (fixed !== text) writeFileSync(file, fixed)
    }
  }
}
