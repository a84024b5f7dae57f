/**
 * `linekit/mocks/node`: serves the mock service over real HTTP on 127.0.0.1 (service routes
 * at `/`, the control API at `/__mock/`). Node only.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { createMockClock, createMockService, type MockClock, type MockControl, type MockService } from '../index'
import { createAppHostFetch } from '../handlers/mintRoutes'

/** Longest delay Node's setTimeout takes (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1

/**
 * Real time for a flowing clock: a Node timer fires the clock's due work at its due time, so a
 * `processing` send's message and webhook, a group message waiting for its group and a ring
 * timeout's `ended` event happen on time without waiting for a request. Re-armed whenever the
 * clock schedules a timer (and after each firing). Returns a function that stops it.
 */
function driveInRealTime(clock: MockClock): () => void {
  let handle: ReturnType<typeof setTimeout> | undefined
  let armedFor: number | undefined
  let stopped = false
  const arm = () => {
    if (stopped) return
    const due = clock.nextDueAt()
    if (due === undefined) return
    // An earlier or equal wake-up is already armed; it re-arms after firing.
    if (handle !== undefined && armedFor !== undefined && armedFor <= due) return
    if (handle !== undefined) clearTimeout(handle)
    armedFor = due
    handle = setTimeout(
      () => {
        handle = undefined
        armedFor = undefined
        clock.runDue()
        arm()
      },
      Math.min(Math.max(0, due - clock.now()), MAX_TIMEOUT_MS),
    )
    // The HTTP server keeps the process alive; the timer alone must not.
    handle.unref()
  }
  const unsubscribe = clock.onSchedule(arm)
  arm()
  return () => {
    stopped = true
    unsubscribe()
    if (handle !== undefined) clearTimeout(handle)
  }
}

/**
 * Registers `webhooks` now and after every reset of `control` (the HTTP control API calls the same
 * `control.reset`). Returns a function that puts the original reset back.
 */
function keepWebhooks(control: MockControl, webhooks: MockWebhookInput[]): () => void {
  if (webhooks.length === 0) return () => {}
  const register = () => webhooks.forEach((webhook) => control.webhooks.create(webhook))
  register()
  const reset = control.reset
  control.reset = () => {
    reset()
    register()
  }
  return () => {
    control.reset = reset
  }
}

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /** TCP port; 0 picks a free one. @default 4010 */
  port?: number
  /** Interface to bind. @default '127.0.0.1' */
  host?: string
  /** Serve this mock instance instead of a new one (e.g. one a test also drives in-process). */
  service?: MockService
  /** Seed for a new instance. @default 1 */
  seed?: number
  /**
   * Serve the voice-token mint ({app_url}) on its own port too (0 picks a free one). The mint
   * always answers on the main origin as well. @default undefined (same origin only)
   */
  appPort?: number
  /**
   * Webhooks to register at start, and again after every reset (`POST /__mock/reset` or
   * `service.control.reset()`; a reset otherwise clears webhooks): an app's receiver, so inbound
   * messages and calls reach it at once. Each is `control.webhooks.create`'s input (the
   * production account unless `accountId`/`apiKey` says otherwise). @default []
   */
  webhooks?: Array<MockWebhookInput>
}

/** A webhook {@link startMockServer} keeps registered (`control.webhooks.create`'s input). */
export type MockWebhookInput = Parameters<MockControl['webhooks']['create']>[0]

/** A running mock server. */
export interface MockServer {
  /** e.g. `http://127.0.0.1:4010` */
  url: string
  port: number
  /** The separate {app_url} origin, when `appPort` was given (only the mint answers there). */
  appUrl?: string
  /** The mock instance being served (its `control`, `state` and `clock`). */
  service: MockService
  /** Stops accepting connections, closes idle and open ones, resolves when closed. */
  close(): Promise<void>
}

/** Starts the standalone mock server; resolves once it is listening. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1'
  // The standalone server runs in wall time (the control API can still advance it).
  const service =
    options.service ?? createMockService({ seed: options.seed, clock: createMockClock({ flowing: true }) })
  // overrideGlobalObjects: false — keep Node's global Request/Response (TOOLCHAIN.md).
  const listener = getRequestListener((request) => service.fetch(request), {
    overrideGlobalObjects: false,
    hostname: host,
  })
  // A flowing clock follows real time: due work fires on its own. A manual clock (a service a
  // test passes in) only moves when the test moves it.
  const stopDriver = service.clock.flowing ? driveInRealTime(service.clock) : () => {}
  const restoreReset = keepWebhooks(service.control, options.webhooks ?? [])
  const server: Server = createServer(listener)
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  // The mint on a separate {app_url} origin when asked (only the mint answers there).
  let appServer: Server | undefined
  if (options.appPort !== undefined) {
    const appFetch = createAppHostFetch((request) => service.fetch(request))
    appServer = createServer(getRequestListener(appFetch, { overrideGlobalObjects: false, hostname: host }))
    const started = appServer
    await new Promise<void>((resolve, reject) => {
      started.once('error', reject)
      started.listen(options.appPort, host, () => {
        started.off('error', reject)
        resolve()
      })
    })
  }
  const stop = (s: Server) =>
    new Promise<void>((resolve, reject) => {
      s.close((error) => (error ? reject(error) : resolve()))
      s.closeIdleConnections()
      // Give in-flight requests a moment, then drop what is left.
      setTimeout(() => s.closeAllConnections(), 1_000).unref()
    })
  let closing: Promise<void> | undefined
  return {
    url: `http://${host}:${port}`,
    port,
    ...(appServer ? { appUrl: `http://${host}:${(appServer.address() as AddressInfo).port}` } : {}),
    service,
    close() {
      stopDriver()
      restoreReset()
      closing ??= Promise.all([stop(server), ...(appServer ? [stop(appServer)] : [])]).then(() => undefined)
      return closing
    },
  }
}
