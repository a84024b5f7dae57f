// The servers of the team-load benchmark (bench/team/team-load.mjs): the inbox page and the
// app (bench/servers/team-app.ts, linekit/server through the Node adapter), the standalone mock
// behind a forwarder that times every upstream request and webhook, a sticky load balancer in
// front of several app instances, and a redis-server (the tests' launcher, test/support).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { tsImport } from 'tsx/esm/api'
import { freePort, startStandaloneMock } from '../../test/e2e/support.mjs'
import { startServer } from '../spawn-server.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const SECRET = 'team-bench-secret'
const KEY = 'lk_mock_production'

/** Builds the inbox page once; returns the folder the app serves it from. */
export async function buildInboxPage() {
  const dir = join(root, 'node_modules/.cache/linekit-bench/team')
  mkdirSync(dir, { recursive: true })
  await build({
    entryPoints: [join(root, 'bench/team/inbox-page.tsx')],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['agora-rtc-sdk-ng'],
    outdir: dir,
    entryNames: 'page',
    logLevel: 'error',
  })
  if (!existsSync(join(dir, 'page.css'))) writeFileSync(join(dir, 'page.css'), '')
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Team inbox</title>' +
      '<link rel="stylesheet" href="/page.css"></head><body><div id="root"></div><script src="/page.js"></script></body></html>',
  )
  return dir
}

/** The upstream (mock) behind a forwarder that times every request and every webhook. */
async function startForwarder(mockUrl) {
  const requests = [] // { t, path, query, status, instance }
  const hooks = [] // { t, payload, status }
  const instances = [] // { url, up }
  let next = 0
  const server = createServer(async (req, res) => {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const body = Buffer.concat(chunks)
    const url = new URL(req.url, 'http://forwarder')
    if (url.pathname === '/__hooks') {
      const t = Date.now()
      let payload = null
      try {
        payload = JSON.parse(body.toString('utf8'))
      } catch {
        /* forwarded as is */
      }
      // Round robin over the app instances that are up (a restarting one is skipped).
      let status = 502
      for (let tries = 0; tries < instances.length; tries++) {
        const target = instances[next++ % instances.length]
        if (!target.up) continue
        try {
          const answer = await fetch(`${target.url}/api/linekit/webhooks/${SECRET}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
          await answer.arrayBuffer()
          status = answer.status
          break
        } catch {
          /* instance went away: try the next */
        }
      }
      hooks.push({ t, payload, status })
      res.writeHead(status).end()
      return
    }
    const t = Date.now()
    const headers = {}
    for (const name of ['authorization', 'content-type', 'accept'])
      if (req.headers[name]) headers[name] = req.headers[name]
    try {
      const answer = await fetch(mockUrl + req.url, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      })
      const out = Buffer.from(await answer.arrayBuffer())
      if (!url.pathname.startsWith('/__mock')) {
        requests.push({
          t,
          path: url.pathname,
          query: url.search,
          status: answer.status,
          instance: String(req.headers['x-bench-instance'] ?? ''),
        })
      }
      const pass = { 'content-type': answer.headers.get('content-type') ?? 'application/json' }
      const retryAfter = answer.headers.get('retry-after')
      if (retryAfter) pass['retry-after'] = retryAfter
      res.writeHead(answer.status, pass).end(out)
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error))
    }
  })
  const port = await freePort()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hooks,
    instances,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/**
 * Starts one app instance (bench/servers/team-app.ts, compiled) on `port`, with `--expose-gc` for
 * its memory readings; resolves once it listens.
 */
export function startApp({ pageDir, upstream, port, name, redis, lines }) {
  return startServer('bench/servers/team-app.ts', [], {
    nodeArgs: ['--expose-gc'],
    env: {
      TEAM_UPSTREAM: upstream,
      TEAM_PORT: String(port),
      TEAM_NAME: name,
      TEAM_PAGE_DIR: pageDir,
      TEAM_SECRET: SECRET,
      TEAM_KEY: KEY,
      TEAM_LINES: lines.join(','),
      ...(redis ? { TEAM_REDIS: redis } : {}),
    },
  })
}

/**
 * The load balancer in front of several app instances, as a deployment has: a user sticks to one
 * instance (by the `lkuser` cookie) and moves to another while that one is down. Streams (SSE)
 * are piped; when an instance stops, its streams end and the browser reconnects through here.
 */
export async function startBalancer(instances) {
  const server = createServer(async (req, res) => {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const body = Buffer.concat(chunks)
    const user = /lkuser=\w*?(\d+)/.exec(req.headers.cookie ?? '')
    const first = user ? Number(user[1]) % instances.length : 0
    const order = instances.map((_, i) => instances[(first + i) % instances.length]).filter((x) => x.up)
    for (const target of order) {
      const ok = await new Promise((resolve) => {
        const url = new URL(target.url)
        const upstream = httpRequest(
          { host: url.hostname, port: url.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
            answer.on('error', () => res.destroy())
            resolve(true)
          },
        )
        upstream.on('error', () => resolve(false))
        res.on('close', () => upstream.destroy())
        upstream.end(body)
      })
      if (ok) return
    }
    res.writeHead(502).end()
  })
  const port = await freePort()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

/** A redis-server on a free port, started by the tests' launcher; resolves { url, stop() }. */
export async function startRedis() {
  const { redisServer } = await tsImport('../../test/support/redisServer.ts', import.meta.url)
  const redis = await redisServer()
  await redis.start()
  return { url: `redis://127.0.0.1:${redis.port}`, stop: () => redis.stop() }
}

/**
 * Runs `fn({ mock, forwarder, lines })` against a fresh standalone mock behind a forwarder, its
 * webhooks sent to the forwarder; closes both after.
 */
export async function withMock(fn) {
  const mock = await startStandaloneMock()
  const forwarder = await startForwarder(mock.url)
  await mock.control('POST', '/webhooks', {
    accountId: 'acct_production',
    url: `${forwarder.url}/__hooks`,
    inbound: true,
    outbound: true,
    audioCalls: true,
  })
  const { accounts } = await mock.control('GET', '/accounts')
  const lines = accounts.find((a) => a.kind === 'production').lines.map((l) => l.lineId)
  try {
    return await fn({ mock, forwarder, lines })
  } finally {
    await forwarder.close()
    await mock.close()
  }
}
