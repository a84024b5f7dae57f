/**
 * Hostile input through the proxy. fast-check throws random and near-valid requests
 * at every linekit/server route (every allowlisted proxy route, the mint, the webhook receiver,
 * the event stream), as every kind of user, in front of the in-process mock. For every request:
 * - never a 5xx (no faults are injected here);
 * - every error body matches the error schema of `linekit/api` (messaging routes) or the mint
 *   body `{ error, code }` (mint route; server-originated codes are listed in ASSUMPTIONS.md);
 * - a refused request (4xx) changes nothing in the mock (fingerprint of messages, contacts,
 *   groups, runs, calls, call logs, tokens before and after);
 * - upstream, only allowlisted service paths on the configured host are ever called, always
 *   with the key, and a refused-before-upstream request never reaches the service's mutating routes.
 * The requests come from test/support/server/hostileRequests.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { messagingErrorBodySchema, mintErrorBodySchema } from 'linekit/api'
import { seedContacts, seedFlows, seedOtherLines } from 'linekit/mocks'
import {
  ALL_LINES,
  INBOUND_ONLY,
  KEY,
  MAIN,
  MESSAGING,
  SECRET,
  SHARED,
  counts,
  createRig,
  fingerprint,
  isAllowedUpstream,
} from '../test/support/serverRig'
import type { UserName } from '../test/support/serverRig'
import { hostileRequests } from '../test/support/server/hostileRequests'

/** Codes linekit/server itself answers on the mint route (src/api/ASSUMPTIONS.md). */
const serverMintCodes = new Set([
  'method_not_allowed',
  'unauthorized',
  'line_not_allowed',
  'csrf_failed',
  'payload_too_large',
  'invalid_line_id',
  'dialer_unavailable',
])

const rig = createRig()
const { mock } = rig
const { validPost, postRequest, getRequest, webhookRequest } = hostileRequests(rig)

function checkErrorBody(path: string, status: number, text: string): void {
  const json: unknown = JSON.parse(text)
  if (path === '/dialer/token') {
    const mintBody = mintErrorBodySchema.safeParse(json)
    const serverBody = json as { error?: unknown; code?: unknown }
    expect(
      mintBody.success || (typeof serverBody.error === 'string' && serverMintCodes.has(String(serverBody.code))),
      `${status} ${text}`,
    ).toBe(true)
  } else {
    expect(messagingErrorBodySchema.safeParse(json).success, `${status} ${text}`).toBe(true)
  }
}

describe('property: random and near-valid requests to every linekit/server route', () => {
  it('never a 5xx, error bodies match the schemas, refusals change nothing, only allowlisted upstream paths', async () => {
    let served = 0
    let refused = 0
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 2, arbitrary: validPost },
          { weight: 5, arbitrary: postRequest },
          { weight: 3, arbitrary: getRequest },
          { weight: 1, arbitrary: webhookRequest },
        ),
        async (r) => {
          const before = fingerprint(mock)
          const beforeCounts = counts(mock)
          const upstreamBefore = rig.upstream.length
          let response: Response
          let path: string
          if (r.kind === 'webhook') {
            path = '/webhooks'
            response = await rig.server.handle(
              new Request(`http://app.local/api/linekit/webhooks/${r.secret}`, { method: 'POST', body: r.body }),
            )
            await rig.server.settled()
            expect(response.status).toBe(r.secret === SECRET ? 200 : 404)
          } else if (r.kind === 'post') {
            path = r.path
            const headers: Record<string, string> = {}
            if (r.csrf === 'origin') headers.origin = 'http://app.local'
            if (r.csrf === 'cross') headers.origin = 'https://evil.example'
            const method = r.method ?? 'POST'
            response = await rig.server.handle(
              rig.request(r.user, r.path, { method, body: r.raw ?? r.body, csrf: r.csrf === 'header', headers }),
            )
            if (method === 'POST' && (r.csrf === 'cross' || r.csrf === 'none')) expect(response.status).toBe(403)
            if (method !== 'POST') expect([404, 405]).toContain(response.status)
          } else {
            path = r.path
            const search = new URLSearchParams(r.query).toString()
            const abort = new AbortController()
            response = await rig.server.handle(
              rig.request(r.user, `${r.path}${search ? `?${search}` : ''}`, {
                method: r.method ?? 'GET',
                signal: abort.signal,
              }),
            )
            if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
              abort.abort()
              await response.body?.cancel()
              return
            }
          }
          const text = await response.text()
          expect(response.status, `${path} → ${text.slice(0, 200)}`).toBeLessThan(500)
          expect(text).not.toContain(KEY)
          if (response.status >= 400) {
            refused += 1
            checkErrorBody(path, response.status, text)
            expect(counts(mock)).toEqual(beforeCounts)
            expect(fingerprint(mock), `${path} ${response.status} ${text.slice(0, 200)}`).toBe(before)
          } else {
            served += 1
          }
          for (const call of rig.upstream.slice(upstreamBefore)) {
            expect(isAllowedUpstream(call.url), call.url).toBe(true)
            expect(call.authorization).toBe(`Bearer ${KEY}`)
          }
        },
      ),
      { numRuns: 600, seed: Number(process.env.FC_SEED ?? 12), endOnFailure: true },
    )
    // The generator must exercise both outcomes, or the property proves little.
    expect(served).toBeGreaterThan(30)
    expect(refused).toBeGreaterThan(100)
  })

  it('a request naming another user line never reaches a mutating upstream route', async () => {
    const mutating = new Set([
      '/send-api-message',
      '/send-typing-indicator',
      '/send-reaction',
      '/send-group-message',
      '/enroll-flow',
      '/start-audiocall-call-api',
      '/answer-audiocall-call-api',
      '/decline-audiocall-call-api',
      '/end-audiocall-call-api',
      '/cancel-flow-run',
      '/api/v1/dialer/token',
    ])
    const others: Record<UserName, string[]> = {
      alice: ALL_LINES.filter((l) => l !== MAIN),
      bob: ALL_LINES.filter((l) => l !== MESSAGING),
      carol: [MESSAGING, INBOUND_ONLY],
      dora: ALL_LINES.filter((l) => l !== SHARED),
      admin: [seedOtherLines.crm.lineId],
      nobody: ALL_LINES,
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<UserName>('alice', 'bob', 'carol', 'admin', 'nobody'),
        fc.nat(),
        fc.constantFrom(
          '/send-api-message',
          '/send-typing-indicator',
          '/send-group-message',
          '/enroll-flow',
          '/start-audiocall-call-api',
          '/dialer/token',
        ),
        async (name, pick, path) => {
          const list = others[name]
          const line = list[pick % list.length]!
          const field =
            path === '/enroll-flow' || path === '/start-audiocall-call-api'
              ? 'pb_line_id'
              : path === '/send-typing-indicator'
                ? 'lineId'
                : 'lineId'
          const body: Record<string, unknown> = {
            [field]: line,
            phone: seedContacts.ava,
            phoneNumber: seedContacts.ava,
            phone_number: seedContacts.ava,
            numbers: [seedContacts.ava, seedContacts.cara],
            message: 'x',
            flowId: seedFlows.wait,
          }
          const before = rig.upstream.length
          const result = await rig.call(name, path, { body })
          expect(result.status, result.text).toBe(403)
          const reached = rig.upstream.slice(before).filter((c) => mutating.has(new URL(c.url).pathname))
          expect(reached).toEqual([])
        },
      ),
      { numRuns: 150, seed: 7 },
    )
  })
})
