// Shared pieces of the end-to-end tests: Chromium through playwright-core, the playground's
// Vite dev server started in-process on a free port (serving the playground's page built from the
// same sources, or its own unbundled page), a tiny static server that serves the
// built Storybook from a sub-folder, axe, and screenshots under test-results/e2e/.
import { spawn } from 'node:child_process'
import { createServer as createHttpServer } from 'node:http'
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer as createNetServer } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { after, before, beforeEach } from 'node:test'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs'

/** `control(method, path, body?)`: calls the mock's control API under `<url>/__mock`, throwing on a non-2xx. */
export function mockControl(url) {
  return async (method, path, body) => {
    const response = await fetch(`${url}/__mock${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = await response.json().catch(() => undefined)
    if (!response.ok) throw new Error(`control ${method} ${path} → ${response.status} ${JSON.stringify(json)}`)
    return json
  }
}

export const root = fileURLToPath(new URL('../../', import.meta.url))
export const resultsDir = join(root, 'test-results', 'e2e')
mkdirSync(resultsDir, { recursive: true })

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolvePort(port))
    })
  })
}

/**
 * Starts `command` in `cwd` as a developer would in a terminal, in a process group of its own (`next dev` and the
 * mock's command start children that must stop with it); resolves once its output matches `ready`, with the match
 * and `stop()`. Colour codes are stripped before matching: with `CI` set, Next.js and Vite colour their banners.
 */
export function startCommand(command, args, { cwd, env = {}, ready, timeoutMs = 60_000 }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
      const late = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }, 5_000)
      await exited
      clearTimeout(late)
    }
    child.stdout.destroy()
    child.stderr.destroy()
  }
  return new Promise((resolveStart, reject) => {
    let out = ''
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`${command} ${args.join(' ')} did not start:\n${out}`))
    }, timeoutMs)
    const onData = (chunk) => {
      out += chunk
      const match = ready.exec(stripVTControlCharacters(out))
      if (match) {
        clearTimeout(timer)
        resolveStart({ match, stop })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited (${code}):\n${out}`)))
  })
}

/** Rings an inbound call from `from` through the mock's control API and answers it in the page's banner; returns the call. */
export async function ringAndAnswer(page, control, from) {
  const { call } = await control('POST', '/calls/inbound', { from })
  const answer = page.getByRole('button', { name: 'Answer' })
  await answer.waitFor({ timeout: 20_000 })
  await answer.click()
  return call
}

/**
 * Starts the standalone mock server (`npm run mock`) as a child process on a free port;
 * resolves once it prints that it listens.
 */
export async function startStandaloneMock() {
  const { spawn } = await import('node:child_process')
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/node/cli.ts', '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise((resolveUrl, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`mock server did not start: ${out}`)), 30_000)
    child.stdout.on('data', (chunk) => {
      out += chunk
      const match = /listening on (\S+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolveUrl(match[1])
      }
    })
    child.once('exit', (code) => reject(new Error(`mock server exited (${code}): ${out}`)))
  })
  return {
    url,
    control: mockControl(url),
    close: () =>
      new Promise((resolveClose) => {
        if (child.exitCode !== null) return resolveClose()
        child.once('exit', () => resolveClose())
        child.kill('SIGTERM')
      }),
  }
}

/** Launches Debian's Chromium headless (never a downloaded browser). */
export async function launchBrowser() {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('No Chromium: run `node scripts/ensure-test-tools.mjs` or set CHROMIUM_PATH.')
  return chromium.launch({ executablePath, args: chromiumArgs, headless: true })
}

let builtPage
/**
 * The playground's page, built from the same sources (`vite build`): the folder `npm test` and
 * `scripts/e2e.mjs` built it into (`E2E_PLAYGROUND_PAGE`), else built once per test process into a
 * temporary folder (a few seconds). A page load from the dev server fetches each of the kit's ~400
 * source modules on its own (about 5 s in Chromium on these machines); the built page is a few
 * files (about 1 s).
 */
function buildPlaygroundPage() {
  builtPage ??= (async () => {
    const built = process.env.E2E_PLAYGROUND_PAGE
    if (built) {
      if (!existsSync(join(built, 'index.html'))) throw new Error(`E2E_PLAYGROUND_PAGE: no built page in ${built}`)
      return resolve(built)
    }
    const { build } = await import('vite')
    const outDir = temporaryDir('linekit-playground-')
    await build({
      configFile: join(root, 'playground/vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    })
    return outDir
  })()
  return builtPage
}

/** A new temporary folder, removed when the process exits. */
function temporaryDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A Vite plugin serving the built page (index.html and its /assets/) ahead of the dev server's own. */
function servePage(dir) {
  return {
    name: 'e2e-built-page',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname
        const file = path === '/' ? 'index.html' : path.startsWith('/assets/') ? path.slice(1) : undefined
        if (req.method !== 'GET' || !file || !existsSync(join(dir, file))) return next()
        res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
        createReadStream(join(dir, file)).pipe(res)
      })
    },
  }
}

/**
 * Starts `npm start`'s dev server (playground/vite.config.ts: linekit/server and the mock as its
 * middleware) in this process on a free port. The page it serves is the playground built from the
 * same sources (see {@link buildPlaygroundPage}); with `dev: true`, the dev server's own page, its
 * modules one by one, as `npm start` serves it.
 * `env` is applied to process.env while the backend is created (e.g. LINEKIT_MOCK_RATE_LIMIT).
 */
export async function startPlayground(env = {}, { dev = false } = {}) {
  const { createServer } = await import('vite')
  const page = dev ? undefined : await buildPlaygroundPage()
  const saved = {}
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k]
    process.env[k] = v
  }
  // The real service is never used by tests: service mode only with URLs the test gives.
  for (const k of ['LINEKIT_API_KEY', 'LINEKIT_BASE_URL', 'LINEKIT_APP_URL']) {
    if (k in env) continue
    if (!(k in saved)) saved[k] = process.env[k]
    delete process.env[k]
  }
  const port = await freePort()
  const server = await createServer({
    configFile: join(root, 'playground/vite.config.ts'),
    plugins: page ? [servePage(page)] : [],
    // The built page needs no pre-bundled dependencies: only the dev page's server runs Vite's
    // optimizer into node_modules/.vite. Two e2e files start servers side by side; in a fresh
    // clone, two optimizers rewriting that folder under each other broke the dev page's load. So
    // the others keep Vite's cache in a folder of their own.
    ...(page ? { cacheDir: temporaryDir('linekit-vite-'), optimizeDeps: { noDiscovery: true, include: [] } } : {}),
    logLevel: 'warn',
    clearScreen: false,
    // No HMR and no Vite socket: Vite's client reloads the page when that socket is cut, which
    // a test of the kit's own reconnection (a dropped network) must not mistake for the kit's.
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false, ws: false },
  })
  await server.listen()
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    async close() {
      await server.close()
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
    },
    /** Calls the mock's control API through the dev server's /__mock route. */
    control: mockControl(url),
  }
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
}

/**
 * Serves `dir` under `mount` (e.g. `/some/sub/folder/`) on a free port with node:http —
 * proves the static Storybook works away from the site root.
 */
export async function serveStatic(dir, mount) {
  const base = resolve(dir)
  const server = createHttpServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    if (!path.startsWith(mount)) {
      res.writeHead(404).end('not under the mount folder')
      return
    }
    let file = normalize(join(base, path.slice(mount.length)))
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end()
      return
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file)) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    })
    createReadStream(file).pipe(res)
  })
  const port = await freePort()
  await new Promise((r) => server.listen(port, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${port}${mount}`,
    close: () => new Promise((r) => server.close(r)),
  }
}

/** Page-level rules that belong to the host page, not to a component shown alone in a story frame. */
export const pageLevelRules = ['landmark-one-main', 'page-has-heading-one', 'region']

/**
 * Runs axe-core in the page and returns the violations.
 * `exclude`: selectors to leave out; `disableRules`: rule ids to skip (e.g. {@link pageLevelRules}).
 */
export async function axe(page, { exclude = [], disableRules = [] } = {}) {
  await page.addScriptTag({ path: join(root, 'node_modules/axe-core/axe.min.js') })
  return page.evaluate(
    async ({ excluded, disabled }) => {
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]))
      // Storybook's a11y addon runs its own axe in story frames after each render; axe refuses a
      // second concurrent run, so wait for that one to finish instead of failing on it.
      const run = () => window.axe.run({ exclude: excluded.map((s) => [s]) }, { resultTypes: ['violations'], rules })
      let result
      for (let attempt = 0; ; attempt += 1) {
        try {
          result = await run()
          break
        } catch (error) {
          if (attempt >= 100 || !String(error).includes('Axe is already running')) throw error
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }))
    },
    { excluded: exclude, disabled: disableRules },
  )
}

/** Saves a full-page screenshot as test-results/e2e/<name>.png. */
export async function screenshot(page, name) {
  const path = join(resultsDir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/** Collects page errors so a test can assert the page did not crash. */
export function watchErrors(page) {
  const errors = []
  page.on('pageerror', (error) => errors.push(String(error)))
  return errors
}

const AVA = '+14155550124' // seeded: native chat, history with the main line

/**
 * The playground (`npm start`) in Chromium for one test file: starts the dev server and the
 * browser before the file's tests and closes both after, and sets the mock back to its seed
 * before each test (linekit/server in front of it starts afresh too: playground/backend.ts).
 * With `dev`, the pages are the dev server's own (see `startPlayground`). `openInbox()` opens the
 * playground in a fresh browser context and waits until the thread list has loaded.
 */
export function usePlayground({ dev = false } = {}) {
  /** @type {{ playground?: Awaited<ReturnType<typeof startPlayground>>, browser?: import('playwright-core').Browser, context?: import('playwright-core').BrowserContext }} */
  const state = {}
  before(async () => {
    state.playground = await startPlayground({}, { dev })
    state.browser = await launchBrowser()
  })
  after(async () => {
    await state.context?.close()
    await state.browser?.close()
    await state.playground?.close()
  })
  beforeEach(async () => {
    await state.context?.close()
    state.context = undefined
    await state.playground.control('POST', '/reset')
  })
  // The dev server's first page load in a fresh clone also pre-bundles the dependencies (Vite's
  // optimizer, with no cache yet), about 400 module requests on a machine the other lane keeps busy.
  const firstLoadMs = dev ? 60_000 : 20_000
  /** A fresh browser context (the previous one is closed), 1280 × 900 unless `options` say otherwise. */
  const newContext = async (options = {}) => {
    await state.context?.close()
    state.context = await state.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options })
    return state.context
  }
  return {
    /** The playground's URL. */
    get url() {
      return state.playground.url
    },
    /** The browser (for contexts of the file's own). */
    get browser() {
      return state.browser
    },
    /** The mock's control API (see `startPlayground`). */
    control: (method, path, body) => state.playground.control(method, path, body),
    newContext,
    /**
     * Opens the playground in a fresh context with `options`; waits for the thread list, and with
     * `events` for the page's event stream too (a call rung before it is open is missed, as in
     * production).
     */
    async openInbox(options = {}, { events = false } = {}) {
      const page = await (await newContext(options)).newPage()
      const errors = watchErrors(page)
      const stream = events
        ? page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/events'), { timeout: 20_000 })
        : undefined
      await page.goto(state.playground.url)
      await stream
      await page
        .getByRole('navigation', { name: /threads$/i })
        .getByRole('option', { name: new RegExp(AVA.replace('+', '\\+')) })
        .first()
        .waitFor({ timeout: firstLoadMs })
      return { page, errors }
    },
  }
}
