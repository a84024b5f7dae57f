/**
 * Every setting is checked by name at start: `createLinekitServer` refuses to start with one
 * sentence per missing or malformed setting (never "Cannot read properties of undefined"), an
 * unset webhook secret is refused rather than turning webhooks off silently, and a list of
 * secrets accepts a delivery to each (rotation without downtime). The Node entry's missing peer
 * is one sentence with the install command.
 */
import { describe, expect, it } from 'vitest'
import { createLinekitServer } from '../createLinekitServer'
import type { LinekitServerOptions } from '../createLinekitServer'
import { hook, setup } from '../../test/support/server/setup'
import { serverSettings, settingProblems } from './serverSettings'
import { loadNodeBridge, nodeBridgeInstall } from './nodeBridge'

const authorize = async () => null
/** What the quick starts pass when the environment has none of the variables set. */
const fromEmptyEnv = {
  apiKey: undefined,
  baseUrl: undefined,
  appUrl: undefined,
  webhookSecret: undefined,
  authorize,
} as unknown as LinekitServerOptions

const refusal = (options: unknown): string => {
  try {
    createLinekitServer(options as LinekitServerOptions)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('createLinekitServer started')
}

describe('createLinekitServer checks every setting at start', () => {
  it('names each missing setting and its environment variable in one error', () => {
    const message = refusal(fromEmptyEnv)
    expect(message).not.toMatch(/Cannot read properties/)
    expect(message).toMatch(/refuses to start: 4 settings are missing or malformed/)
    for (const [name, env] of [
      ['apiKey', 'LINEKIT_API_KEY'],
      ['baseUrl', 'LINEKIT_BASE_URL'],
      ['appUrl', 'LINEKIT_APP_URL'],
      ['webhookSecret', 'LINEKIT_WEBHOOK_SECRET'],
    ])
      expect(message).toContain(`- ${name} is missing (read from ${env}? it is not set)`)
    expect(message).toMatch(/baseUrl is missing .*: it should be an absolute http\(s\) URL such as https:\/\//)
  })

  it('refuses a missing baseUrl or appUrl by name (it used to fail reading .replace of undefined)', () => {
    const ok = { apiKey: 'k', baseUrl: 'https://b.example', appUrl: 'https://a.example', webhookSecret: 's', authorize }
    expect(refusal({ ...ok, baseUrl: undefined })).toMatch(
      /one setting is missing or malformed\.\n- baseUrl is missing/,
    )
    expect(refusal({ ...ok, appUrl: undefined })).toMatch(/- appUrl is missing/)
  })

  it('refuses an unset webhook secret; webhookSecret: false turns the route off on purpose', () => {
    const ok = { apiKey: 'k', baseUrl: 'https://b.example', appUrl: 'https://a.example', authorize }
    expect(refusal(ok)).toMatch(/webhookSecret is missing .*or false to turn the webhook route off/)
    expect(() => createLinekitServer({ ...ok, webhookSecret: false })).not.toThrow()
  })

  it('names malformed settings with what they should look like', () => {
    const message = refusal({
      apiKey: '',
      baseUrl: 'api.example.com',
      appUrl: 'ftp://app.example.com',
      webhookSecret: 'has/slash',
      authorize: 'yes',
      requestsPerMinute: 0,
      heartbeatMs: Number.NaN,
      allowedOrigins: 'https://a.example',
    })
    expect(message).toMatch(/8 settings/)
    expect(message).toContain('- apiKey is malformed: it should be a non-empty string.')
    expect(message).toContain('- baseUrl is malformed: it should be an absolute http(s) URL such as')
    expect(message).toContain('(got "api.example.com")')
    expect(message).toContain('(got "ftp://app.example.com")')
    expect(message).toMatch(/- webhookSecret is malformed: it should be a string of letters, digits/)
    expect(message).toMatch(/- authorize is malformed: it should be a function/)
    expect(message).toMatch(/- requestsPerMinute is malformed: it should be a whole number ≥ 1/)
    expect(message).toMatch(/- heartbeatMs is malformed: it should be a number above 0/)
    expect(message).toMatch(/- allowedOrigins is malformed/)
  })

  it('accepts the quick starts’ settings and every default', () => {
    const quickStart = {
      apiKey: 'lk_mock_production',
      baseUrl: 'http://127.0.0.1:4010',
      appUrl: 'http://127.0.0.1:4010',
      webhookSecret: 'dev-secret',
      authorize,
    }
    expect(settingProblems(quickStart)).toEqual([])
    // Infinity turns a count's limit off (the tests' and benchmarks' rate limit off).
    expect(settingProblems({ ...quickStart, requestsPerMinute: Number.POSITIVE_INFINITY })).toEqual([])
    // A guard on the guard: every option of the type has its entry (the `satisfies` keeps it so).
    expect(Object.keys(serverSettings)).toEqual(expect.arrayContaining(['apiKey', 'readModel', 'heartbeatMs']))
  })
})

describe('webhook secret rotation', () => {
  it('accepts a delivery to each secret of the list and 404s any other', async () => {
    const { server } = setup({}, { webhookSecret: ['whsec_old_0123456789', 'whsec_new_0123456789'] })
    const body = { event: 'something.else' }
    expect((await server.handle(hook(body, 'whsec_old_0123456789'))).status).toBe(200)
    expect((await server.handle(hook(body, 'whsec_new_0123456789'))).status).toBe(200)
    expect((await server.handle(hook(body, 'whsec_other_0123456789'))).status).toBe(404)
    await server.close()
  })

  it('with webhookSecret: false every webhook path is 404', async () => {
    const { server } = setup({}, { webhookSecret: false })
    expect((await server.handle(hook({ event: 'x' }, 'false'))).status).toBe(404)
    await server.close()
  })
})

describe('linekit/server/node without @hono/node-server', () => {
  it('names linekit, the package and the install command', async () => {
    const missing = Object.assign(
      new Error("Cannot find package '@hono/node-server' imported from /app/node_modules/linekit/dist/server-node.js"),
      { code: 'ERR_MODULE_NOT_FOUND' },
    )
    const failure = loadNodeBridge(() => Promise.reject(missing))
    await expect(failure).rejects.toThrow(/^linekit\/server\/node needs the package @hono\/node-server/)
    await expect(failure).rejects.toThrow(`not --save-dev, so a production install has it): ${nodeBridgeInstall}`)
    expect(nodeBridgeInstall).toBe('npm install @hono/node-server')
  })

  it('passes any other failure through unchanged', async () => {
    const other = Object.assign(
      new Error("Cannot find package 'hono' imported from …/@hono/node-server/dist/index.mjs"),
      {
        code: 'ERR_MODULE_NOT_FOUND',
      },
    )
    await expect(loadNodeBridge(() => Promise.reject(other))).rejects.toBe(other)
    await expect(loadNodeBridge(async () => 'bridge')).resolves.toBe('bridge')
  })
})
