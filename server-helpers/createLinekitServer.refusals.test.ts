// @vitest-environment node
/**
 * The proxy refuses what it must, and keeps every user within their lines.
 * Refusals: path traversal (also over a raw socket, where nothing normalizes the path first),
 * encoded slashes, absolute URLs, other hosts, unknown methods, oversized bodies (declared and
 * streamed), cross-site state-changing requests. Each refusal reaches no service route.
 * Tenant isolation in every route: send, typing, reaction, group send, message list and single
 * message, lines, enrolment and cancel, call start/answer/decline/end/status, call logs, the mint
 * and the event stream (live and replayed).
 */
import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { seedContacts, seedFlows, seedLines } from 'linekit/mocks'
import {
  BASE,
  KEY,
  MAIN,
  MESSAGING,
  SECRET,
  SHARED,
  collectSse,
  counts,
  createRig,
  eventually,
  fingerprint,
  isAllowedUpstream,
  listenOverNode,
} from '../test/support/serverRig'
import type { Rig, UserName } from '../test/support/serverRig'
import { proxyRoutes } from './internal/routes'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Runs `act` and checks it reached no upstream route at all and changed nothing. */
async function refusedBeforeUpstream<R extends { status: number; text: string }>(
  rig: Rig,
  act: () => Promise<R>,
): Promise<R> {
  const before = rig.upstream.length
  const state = fingerprint(rig.mock)
  const result = await act()
  expect(result.status, result.text).toBeGreaterThanOrEqual(400)
  expect(result.status, result.text).toBeLessThan(500)
  // Reading the account's lines (to decide whether the user covers them) is the only call allowed.
  expect(
    rig.upstream
      .slice(before)
      .map((u) => u.url)
      .filter((u) => u !== `${BASE}/get-lines`),
  ).toEqual([])
  expect(fingerprint(rig.mock)).toBe(state)
  expect(result.text).not.toContain(KEY)
  return result
}

describe('the proxy refuses', () => {
  it.each([
    '/api/linekit/%2e%2e/%2e%2e/get-lines',
    '/api/linekit/get-lines%2F..%2Fget-lines',
    '/api/linekit/get-message-api/pbm_x%2F..%2F..%2Fget-lines',
    '/api/linekit/get-message-api/..%2Fget-lines',
    '/api/linekit/get-message-api/%2e%2e',
    '/api/linekit//get-lines',
    '/api/linekit/get-lines/',
    '/api/linekit/get-lines/extra',
    '/api/linekit/get-lines;x=1',
    '/api/linekit/%67et-lines',
    '/api/linekit/get-lines%00',
    '/api/linekit/http://evil.example/get-lines',
    '/api/linekit/https:%2F%2Fevil.example%2Fget-lines',
    '/api/linekit/%2F%2Fevil.example/get-lines',
    '/api/linekit/\\evil.example/get-lines',
    '/api/linekit/api/mcp',
    '/api/linekit/__mock/reset',
    '/api/linekit/api/v1/dialer/token',
    '/api/linekitget-lines',
  ])('path %s → 4xx, nothing forwarded', async (path) => {
    const rig = createRig()
    const result = await refusedBeforeUpstream(rig, () =>
      rig.server
        .handle(new Request(`http://app.local${path}`, { headers: { 'x-user': 'admin', 'x-linekit-csrf': '1' } }))
        .then(async (r) => ({ status: r.status, text: await r.text() })),
    )
    expect(result.status).toBe(404)
  })

  it('raw paths over the Node adapter (no URL normalization before the server) are refused', async () => {
    const rig = createRig()
    const { port, close } = await listenOverNode(rig.server)
    cleanups.push(close)
    const raw = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path, method: 'GET', headers: { 'x-user': 'admin', ...headers } },
          (res) => {
            let text = ''
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => (text += chunk))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
          },
        )
        req.on('error', reject)
        req.end()
      })
    // [raw path, expected status]: dot segments resolved by the bridge either leave the prefix
    // (404) or land on an allowlisted route (then it is that route, nothing more).
    for (const [path, expected] of [
      ['/api/linekit/../../get-lines', 404],
      ['/api/linekit/get-message-api/../get-lines', 200],
      ['/api/linekit/get-message-api/..%2f..%2fget-lines', 404],
      ['/api/linekit/..%5c..%5cget-lines', 404],
      ['http://evil.example/api/linekit/../../etc/passwd', 404],
      ['/api/linekit/get-messages-api/../../../__mock/accounts', 404],
      ['/api/linekit/%2e%2e/%2e%2e/__mock/reset', 404],
    ] as const) {
      const before = rig.upstream.length
      const result = await raw(path)
      expect(result.status, `${path} ${result.text}`).toBe(expected)
      expect(result.text).not.toContain(KEY)
      // Whatever the bridge normalized the path to, only allowlisted service paths are called.
      for (const call of rig.upstream.slice(before)) expect(isAllowedUpstream(call.url), call.url).toBe(true)
    }
    // Another Host header changes nothing: the upstream host is fixed by configuration.
    const before = rig.upstream.length
    const other = await raw('/api/linekit/get-external-contacts', { host: 'evil.example' })
    expect(other.status).toBe(200)
    expect(rig.upstream.slice(before).map((u) => new URL(u.url).origin)).toEqual([BASE])
  })

  it('query parameters cannot redirect the upstream call or smuggle a second value', async () => {
    const rig = createRig()
    const before = rig.upstream.length
    const ok = await rig.call(
      'admin',
      '/get-messages-api?limit=5&url=http://evil.example/&baseUrl=http://evil.example&host=evil.example',
    )
    expect(ok.status).toBe(200)
    const sent = rig.upstream.slice(before)
    expect(new Set(sent.map((u) => new URL(u.url).origin))).toEqual(new Set([BASE]))
    for (const u of sent) expect(u.url).not.toContain('evil')
    const repeated = await refusedBeforeUpstream(rig, () =>
      rig.call('alice', `/get-messages-api?pb_line_id=${MAIN}&pb_line_id=${MESSAGING}`),
    )
    expect(repeated.status).toBe(400)
  })

  // Every route the server answers, with the one method it serves there.
  const everyRoute = [
    ...proxyRoutes.map((route) => ({ path: route.path.replace(':message_handle', 'pbm_x'), allow: route.method })),
    { path: '/events', allow: 'GET' },
    { path: '/calls/inbound', allow: 'GET' },
    { path: '/dialer/token', allow: 'POST' },
    { path: `/webhooks/${SECRET}`, allow: 'POST' },
  ]

  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND'])(
    "method %s on every route that does not serve it → 405 with that route's Allow, nothing forwarded",
    async (method) => {
      const rig = createRig()
      for (const { path, allow } of everyRoute.filter((r) => r.allow !== method)) {
        const result = await refusedBeforeUpstream(rig, () =>
          rig.call('admin', path, {
            method,
            body: method === 'HEAD' ? undefined : { phone: seedContacts.ava, message: 'x' },
          }),
        )
        expect(result.status, `${method} ${path}`).toBe(405)
        expect(result.headers.get('allow'), `${method} ${path}`).toBe(allow)
        if (method !== 'HEAD')
          expect(result.json).toEqual({ error: expect.any(String), code: 'method_not_allowed', hint: `Use ${allow}.` })
      }
    },
  )

  it('oversized bodies → 413 whether declared or streamed, on the proxy and the mint; the webhook acknowledges and drops them', async () => {
    const rig = createRig({ server: { maxBodyBytes: 1024 } })
    const big = JSON.stringify({ phone: seedContacts.ava, message: 'x'.repeat(2000) })
    const declared = await refusedBeforeUpstream(rig, () => rig.call('admin', '/send-api-message', { body: big }))
    expect(declared.status).toBe(413)
    expect(JSON.parse(declared.text)).toMatchObject({ code: 'payload_too_large' })

    // No Content-Length: a stream that never ends would be read until the cap, then cut.
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new TextEncoder().encode('{"message":"' + 'y'.repeat(256)))
        if (pulled > 10_000) controller.close()
      },
    })
    const streamed = await refusedBeforeUpstream(rig, async () => {
      const r = await rig.server.handle(
        new Request('http://app.local/api/linekit/send-api-message', {
          method: 'POST',
          headers: { 'x-user': 'admin', 'x-linekit-csrf': '1' },
          body: endless,
          duplex: 'half',
        } as RequestInit),
      )
      return { status: r.status, text: await r.text() }
    })
    expect(streamed.status).toBe(413)
    expect(pulled).toBeLessThan(20)

    const mint = await refusedBeforeUpstream(rig, () =>
      rig.call('alice', '/dialer/token', { body: JSON.stringify({ lineId: MAIN, pad: 'z'.repeat(2000) }) }),
    )
    expect(mint.status).toBe(413)

    const hook = await rig.server.handle(
      new Request(`http://app.local/api/linekit/webhooks/${SECRET}`, { method: 'POST', body: 'w'.repeat(5000) }),
    )
    expect(hook.status).toBe(200)
  })

  it('cross-site state-changing requests → 403 csrf_failed, on every POST route; same-origin and allowed origins pass', async () => {
    const rig = createRig({ server: { allowedOrigins: ['https://app.example'] } })
    const posts = [
      '/send-api-message',
      '/send-typing-indicator',
      '/send-reaction',
      '/send-group-message',
      '/api-check-native-availability',
      '/create-external-contact',
      '/update-external-contact',
      '/enroll-flow',
      '/cancel-flow-run',
      '/start-audiocall-call-api',
      '/answer-audiocall-call-api',
      '/decline-audiocall-call-api',
      '/end-audiocall-call-api',
      '/dialer/token',
    ]
    const attacks: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://app.local.evil.example' },
      { origin: 'https://app.local' },
      {},
      { 'x-linekit-csrf': '' },
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    ]
    for (const path of posts) {
      for (const headers of attacks) {
        const result = await refusedBeforeUpstream(rig, () =>
          rig.call('admin', path, {
            body: JSON.stringify({ phone: seedContacts.ava, message: 'csrf', lineId: MAIN }),
            csrf: false,
            headers,
          }),
        )
        expect(result.status, `${path} ${JSON.stringify(headers)}`).toBe(403)
        expect(JSON.parse(result.text)).toMatchObject({ code: 'csrf_failed' })
      }
    }
    for (const origin of ['http://app.local', 'https://app.example']) {
      const passed = await rig.call('admin', '/api-check-native-availability', {
        body: { phone: seedContacts.ava },
        csrf: false,
        headers: { origin },
      })
      expect(passed.status, origin).toBe(200)
    }
  })

  it('a message handle in a body cannot make the server call another service path with the key', async () => {
    const rig = createRig()
    for (const messageHandle of ['..', '.', '../get-lines', 'pbm_x/../../get-lines', '%2e%2e', 'pbm_ok?x=1']) {
      const before = rig.upstream.length
      const result = await rig.call('admin', '/send-reaction', { body: { messageHandle, reaction: 'love' } })
      expect(result.status, `${messageHandle} ${result.text}`).toBeGreaterThanOrEqual(400)
      for (const call of rig.upstream.slice(before))
        expect(isAllowedUpstream(call.url), `${messageHandle} → ${call.url}`).toBe(true)
    }
  })
})

describe('tenant isolation: alice (main line) and bob (messaging line) in every route', () => {
  function setup() {
    const rig = createRig()
    const as = (user: UserName) => (path: string, body?: unknown) =>
      rig.call(user, path, body === undefined ? {} : { body })
    const handleOn = (line: string) =>
      [...rig.mock.state.messagesByHandle.values()].find(
        (m) => m.line_id === line && m.accountId === 'acct_production' && m.direction === 'inbound',
      )!.handle
    return {
      rig,
      alice: as('alice'),
      bob: as('bob'),
      carol: as('carol'),
      admin: as('admin'),
      nobody: as('nobody'),
      handleOn,
    }
  }
  const lineOfLastSend = (rig: Rig) => rig.mock.state.accounts.get('acct_production')!.messages.at(-1)!.line_id

  it('send: another line → 403; omitted → the user own line (one line) or 400 line_required (some lines)', async () => {
    const { rig, alice, carol, nobody } = setup()
    await refusedBeforeUpstream(rig, () =>
      alice('/send-api-message', { phone: seedContacts.ava, message: 'x', lineId: MESSAGING }),
    )
    await refusedBeforeUpstream(rig, () =>
      alice('/send-api-message', { phone: seedContacts.ava, message: 'x', lineId: MESSAGING.toUpperCase() }),
    )
    expect(
      (await refusedBeforeUpstream(rig, () => carol('/send-api-message', { phone: seedContacts.ava, message: 'x' })))
        .status,
    ).toBe(400)
    expect(
      (await refusedBeforeUpstream(rig, () => nobody('/send-api-message', { phone: seedContacts.ava, message: 'x' })))
        .status,
    ).toBe(403)
    // ben's conversation lives on the messaging line: the service's sticky routing must not win
    expect((await alice('/send-api-message', { phone: seedContacts.ben, message: 'from alice' })).status).toBe(200)
    expect(lineOfLastSend(rig)).toBe(MAIN)
  })

  it('typing indicator and group send: another line → 403; omitted → filled in', async () => {
    const { rig, alice, bob } = setup()
    await refusedBeforeUpstream(rig, () =>
      alice('/send-typing-indicator', { phoneNumber: seedContacts.ava, lineId: MESSAGING }),
    )
    await refusedBeforeUpstream(rig, () =>
      bob('/send-group-message', { numbers: [seedContacts.ava, seedContacts.cara], message: 'x', lineId: MAIN }),
    )
    const before = rig.upstream.length
    await bob('/send-typing-indicator', { phoneNumber: seedContacts.ben })
    expect(JSON.parse(rig.upstream.slice(before).at(-1)!.body)).toMatchObject({ lineId: MESSAGING })
    // The seeded group lives on main: bob (omitting the line) gets it filled with his → 409, never main's thread.
    const group = await bob('/send-group-message', {
      numbers: [seedContacts.ava, seedContacts.cara, seedContacts.dan],
      message: 'x',
    })
    expect(JSON.parse(rig.upstream.at(-1)!.body)).toMatchObject({ lineId: MESSAGING })
    expect(group.status).toBe(409)
  })

  it('idempotency keys are per user: another user replaying a key neither blocks a send nor gets its outcome', async () => {
    const { rig, alice, bob } = setup()
    const key = 'lk-shared-key-0001'
    const first = await alice('/send-api-message', {
      phone: seedContacts.ava,
      message: 'from alice',
      idempotencyKey: key,
    })
    expect(first.status).toBe(200)
    const other = await bob('/send-api-message', { phone: seedContacts.ava, message: 'from bob', idempotencyKey: key })
    expect(other.status).toBe(200)
    expect(other.json).not.toMatchObject({ deduped: true })
    expect(other.text).not.toContain(seedLines.main.phoneNumber)
    const stored = rig.mock.state.accounts.get('acct_production')!.messages.map((m) => m.content)
    expect(stored).toContain('from alice')
    expect(stored).toContain('from bob')
    // The same user's retry is still a replay (the key still protects against double sends).
    const retry = await alice('/send-api-message', {
      phone: seedContacts.ava,
      message: 'from alice',
      idempotencyKey: key,
    })
    expect(retry.json).toMatchObject({ deduped: true })
    expect(
      rig.mock.state.accounts.get('acct_production')!.messages.filter((m) => m.content === 'from alice'),
    ).toHaveLength(1)
    // Group sends too.
    const g1 = await alice('/send-group-message', {
      numbers: [seedContacts.ava, '+14155550188'],
      message: 'g',
      idempotencyKey: 'lk-group-key',
    })
    const g2 = await bob('/send-group-message', {
      numbers: [seedContacts.ben, '+14155550186'],
      message: 'g',
      idempotencyKey: 'lk-group-key',
    })
    expect(g1.json).toMatchObject({ created: true })
    expect(g2.json).toMatchObject({ created: true })
  })

  it('a group conflict does not reveal another user line number or group id', async () => {
    const { rig, alice, bob } = setup()
    const numbers = [seedContacts.ava, seedContacts.cara, seedContacts.dan]
    // The seeded thread of these three lives on the main line (alice's).
    const conflict = await bob('/send-group-message', { numbers, message: 'x' })
    expect(conflict.status).toBe(409)
    const seededGroup = [...rig.mock.state.accounts.get('acct_production')!.groupsById.keys()][0]!
    expect(conflict.text).not.toContain(seedLines.main.phoneNumber)
    expect(conflict.text).not.toContain(seededGroup)
    expect(JSON.parse(conflict.text)).toMatchObject({ code: 'group_line_conflict' })
    // The owner of the line still learns where the group lives (her own line).
    const own = await alice('/send-group-message', { numbers, message: 'x', lineId: MAIN })
    expect(own.status).toBe(200)
    const adminConflict = await rig.call('carol', '/send-group-message', {
      body: { numbers, message: 'x', lineId: SHARED },
    })
    expect(adminConflict.status).toBe(409)
    expect(JSON.parse(adminConflict.text)).toMatchObject({ devicePhoneNumber: seedLines.main.phoneNumber })
  })

  it('reaction on another line message → 404, nothing sent', async () => {
    const { rig, alice, bob, handleOn } = setup()
    const bobs = handleOn(MESSAGING)
    const state = fingerprint(rig.mock)
    const result = await alice('/send-reaction', { messageHandle: bobs, reaction: 'love' })
    expect(result.status).toBe(404)
    expect(rig.upstream.some((u) => u.url.endsWith('/send-reaction'))).toBe(false)
    expect(fingerprint(rig.mock)).toBe(state)
    expect((await bob('/send-reaction', { messageHandle: bobs, reaction: 'love' })).status).toBe(200)
  })

  it('messages: list another line → 403, omitted → own line only; single message of another line → 404', async () => {
    const { rig, alice, bob, carol, handleOn } = setup()
    await refusedBeforeUpstream(rig, () => alice(`/get-messages-api?pb_line_id=${MESSAGING}`))
    await refusedBeforeUpstream(rig, () => carol('/get-messages-api'))
    const mine = (await alice('/get-messages-api?limit=100')).json as { data: { line_id: string }[] }
    expect(mine.data.length).toBeGreaterThan(0)
    expect(new Set(mine.data.map((m) => m.line_id))).toEqual(new Set([MAIN]))
    // from_number/to_number filters cannot widen the line scope
    const filtered = (
      await alice(`/get-messages-api?direction=inbound&from_number=${encodeURIComponent(seedContacts.ben)}`)
    ).json as { data: unknown[] }
    expect(filtered.data).toEqual([])
    const bobs = handleOn(MESSAGING)
    expect((await alice(`/get-message-api/${bobs}`)).status).toBe(404)
    expect((await bob(`/get-message-api/${bobs}`)).status).toBe(200)
  })

  it('lines: only the user own lines are listed', async () => {
    const { alice, nobody } = setup()
    expect(((await alice('/get-lines')).json as { lineId: string }[]).map((l) => l.lineId)).toEqual([MAIN])
    expect((await nobody('/get-lines')).json).toEqual([])
  })

  it('workflows: enrol on another line → 403; a run enrolled by bob cannot be cancelled by alice', async () => {
    const { rig, alice, bob, admin } = setup()
    await refusedBeforeUpstream(rig, () =>
      alice('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: '+14155550190', pb_line_id: MESSAGING }),
    )
    const enrolled = await bob('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: '+14155550190' })
    expect(enrolled.status).toBe(200)
    const { runId, pb_line_id } = enrolled.json as { runId: number; pb_line_id: string }
    expect(pb_line_id).toBe(MESSAGING)
    // Bob's run reads as a run this server never saw (no existence oracle): only a user of every
    // line may cancel one.
    const bobs = await refusedBeforeUpstream(rig, () => alice('/cancel-flow-run', { runId }))
    const unknown = await refusedBeforeUpstream(rig, () => alice('/cancel-flow-run', { runId: runId + 1000 }))
    expect(bobs.status).toBe(403)
    expect(bobs.text).toBe(unknown.text)
    expect((await admin('/cancel-flow-run', { runId: runId + 1000 })).status).toBe(404)
    expect((await bob('/cancel-flow-run', { runId })).status).toBe(200)
  })

  it('calls: start on another line → 403; answer/decline/end/status of another line call → 404, the call keeps ringing', async () => {
    const { rig, alice, bob } = setup()
    await refusedBeforeUpstream(rig, () =>
      bob('/start-audiocall-call-api', { pb_line_id: MAIN, phone_number: seedContacts.ava }),
    )
    // The server learns the call's line from the ringing webhook (the call-status answer's shape is
    // not shown); the rig's mock delivers its webhooks into rig.server.
    rig.mock.control.webhooks.create({ url: `http://app.local/api/linekit/webhooks/${SECRET}`, audioCalls: true })
    const call = rig.mock.control.calls.inbound({ lineId: MAIN, from: seedContacts.ava }).call_uuid
    await rig.mock.control.webhooks.flush()
    await rig.server.settled()
    for (const path of ['/answer-audiocall-call-api', '/decline-audiocall-call-api', '/end-audiocall-call-api']) {
      const state = fingerprint(rig.mock)
      expect((await bob(path, { call_uuid: call })).status, path).toBe(404)
      expect(fingerprint(rig.mock)).toBe(state)
      expect(rig.upstream.some((u) => u.url.endsWith(path))).toBe(false)
    }
    expect((await bob(`/get-audiocall-call-status-api?call_uuid=${call}`)).status).toBe(404)
    const status = await alice(`/get-audiocall-call-status-api?call_uuid=${call}`)
    expect(status.json).toMatchObject({ call_status: 'ringing' })
  })

  it('calls: a blank call_uuid is 400 (spec: invalid or missing call_uuid) before the service is called', async () => {
    const { rig, alice } = setup()
    for (const path of ['/answer-audiocall-call-api', '/decline-audiocall-call-api', '/end-audiocall-call-api']) {
      const result = await refusedBeforeUpstream(rig, () => alice(path, { call_uuid: '   ' }))
      expect(result.status, path).toBe(400)
    }
  })

  it('call logs: another line → 403, omitted → own line', async () => {
    const { rig, alice, carol } = setup()
    await refusedBeforeUpstream(rig, () => alice(`/get-call-logs-api?pb_line_id=${SHARED}`))
    await refusedBeforeUpstream(rig, () => carol('/get-call-logs-api'))
    const before = rig.upstream.length
    expect((await alice('/get-call-logs-api')).status).toBe(200)
    expect(new URL(rig.upstream.slice(before).at(-1)!.url).searchParams.get('pb_line_id')).toBe(MAIN)
  })

  it('mint: another line → 403 line_not_allowed before the service is called', async () => {
    const { rig, bob } = setup()
    const result = await refusedBeforeUpstream(rig, () => bob('/dialer/token', { lineId: MAIN }))
    expect(result.status).toBe(403)
    expect(JSON.parse(result.text)).toMatchObject({ code: 'line_not_allowed' })
  })

  it('events: live and replayed events of another line never reach a user stream', async () => {
    const { rig } = setup()
    rig.mock.control.webhooks.create({ url: `http://app.local/api/linekit/webhooks/${SECRET}`, audioCalls: true })
    const open = async (user: UserName, lastEventId?: string) => {
      const abort = new AbortController()
      const response = await rig.server.handle(
        rig.request(user, `/events${lastEventId ? `?lastEventId=${lastEventId}` : ''}`, { signal: abort.signal }),
      )
      const stream = collectSse(response)
      cleanups.push(() => abort.abort(), stream.stop)
      return stream
    }
    const alice = await open('alice')
    const bob = await open('bob')
    rig.mock.control.injectInbound({ from: seedContacts.ava, message: 'secret for alice', lineId: MAIN })
    rig.mock.control.calls.inbound({ lineId: MAIN, from: seedContacts.ava })
    rig.mock.control.injectInbound({ from: seedContacts.ben, message: 'for bob', lineId: MESSAGING })
    await rig.mock.control.webhooks.flush()
    await rig.server.settled()
    await eventually(() => alice.events().length >= 2 && bob.events().length >= 1)
    expect(bob.events().map((e) => e.data.lineId)).toEqual([MESSAGING])
    expect(bob.frames.join('\n')).not.toContain('secret for alice')
    // Resuming from before alice's events replays only bob's line.
    const first = [...alice.events(), ...bob.events()].map((e) => e.id).sort()[0]!
    const replayedBob = await open('bob', first.replace(/-\d+$/, '-0'))
    await eventually(() => replayedBob.events().length >= 1)
    expect(replayedBob.events().every((e) => e.data.lineId === MESSAGING)).toBe(true)
    expect(counts(rig.mock).messages).toBeGreaterThan(0)
  })
})

describe('relayed upstream content cannot script the app origin', () => {
  it('an upstream HTML error page echoing a query parameter is served with nosniff and a sandboxing CSP', async () => {
    // A proxy in front of the service (spec: a proxy may return non-JSON 502/503) or a service
    // error page that reflects a parameter: the answer is relayed from the app's own origin.
    const rig = createRig({
      server: {
        fetch: async (request) =>
          new Response(`<html><body>bad ${new URL(request.url).searchParams.get('from_number')}</body></html>`, {
            status: 400,
            headers: { 'content-type': 'text/html; charset=utf-8' },
          }),
      },
    })
    const payload = '<script>alert(document.cookie)</script>'
    const response = await rig.server.handle(
      rig.request('admin', `/get-messages-api?direction=inbound&from_number=${encodeURIComponent(payload)}`),
    )
    expect(response.status).toBe(400)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain('sandbox')
    expect(csp).toContain("default-src 'none'")
  })
})
