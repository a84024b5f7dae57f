/**
 * Test support: a real `redis-server` on 127.0.0.1, no persistence, for the tests of the Redis
 * stores and bus. Tests never reach the network: each starts its own server on a free port and
 * stops it afterwards.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'

const REDIS = '/usr/bin/redis-server'

/** Whether redis-server is installed; tests that need it are skipped, with a warning, when not. */
export const hasRedisServer = existsSync(REDIS)
if (!hasRedisServer) console.warn(`Redis tests SKIPPED: ${REDIS} is missing (apt-get install redis-server).`)

/** A port free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const found = (probe.address() as AddressInfo).port
  await new Promise((resolve) => probe.close(resolve))
  return found
}

/** A redis-server on one port that a test can stop (or kill) and start again on that port. */
export interface RedisServer {
  readonly port: number
  /** Starts it; resolves once it answers PING. */
  start(): Promise<void>
  /** Stops it (SIGTERM by default; SIGKILL for a crash) and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>
}

/** A redis-server on `port` (a free one by default), not started yet. */
export async function redisServer(port?: number): Promise<RedisServer> {
  const at = port ?? (await freePort())
  let child: ChildProcess | undefined
  return {
    port: at,
    async start() {
      child = spawn(REDIS, ['--port', String(at), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      })
      const probe = new Redis({ host: '127.0.0.1', port: at, retryStrategy: () => 20, maxRetriesPerRequest: null })
      probe.on('error', () => undefined) // refused until redis-server listens
      await probe.ping()
      probe.disconnect()
    },
    async stop(signal = 'SIGTERM') {
      const running = child
      if (!running || running.exitCode !== null) return
      const exited = new Promise((resolve) => running.once('exit', resolve))
      running.kill(signal)
      await exited
    },
  }
}
