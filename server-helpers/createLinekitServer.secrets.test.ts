/**
 * The API key never leaves the server. A hostile upstream echoes the key everywhere it
 * can (body, status text, every kind of header, error messages of a failing fetch), and every
 * route is exercised through it: no browser-side response (status text, headers, body), no SSE
 * event and no log line (the server's logger, captured) may contain the key. The built browser
 * bundles are checked by `scripts/check-no-secrets.test.ts`.
 */
import { describe, expect, it } from 'vitest'
import { seedContacts, seedFlows } from 'linekit/mocks'
import { KEY, MAIN, SECRET, collectSse, createRig, eventually } from '../test/support/serverRig'
import type { Rig } from '../test/support/serverRig'

/** Every browser-facing route with a plausible request. */
const calls: [string, unknown?][] = [
  ['/send-api-message', { phone: seedContacts.ava, message: 'hi' }],
  ['/send-typing-indicator', { phoneNumber: seedContacts.ava }],
  ['/send-reaction', { messageHandle: 'pbm_abc', reaction: 'love' }],
  ['/send-group-message', { numbers: [seedContacts.ava, seedContacts.cara], message: 'x' }],
  ['/get-messages-api?limit=5'],
  ['/get-message-api/pbm_abc'],
  ['/get-lines'],
  ['/api-check-native-availability', { phone: seedContacts.ava }],
  ['/create-external-contact', { phone: seedContacts.ava }],
  ['/update-external-contact', { contactId: 'c1', note: 'x' }],
  ['/get-external-contacts'],
  ['/enroll-flow', { flowId: seedFlows.wait, phoneNumber: seedContacts.ava, pb_line_id: MAIN }],
  ['/get-flows'],
  ['/cancel-flow-run', { runId: 1 }],
  ['/get-effects'],
  ['/start-audiocall-call-api', { pb_line_id: MAIN, phone_number: seedContacts.ava }],
  ['/answer-audiocall-call-api', { call_uuid: 'call_1' }],
  ['/decline-audiocall-call-api', { call_uuid: 'call_1' }],
  ['/end-audiocall-call-api', { call_uuid: 'call_1' }],
  ['/get-audiocall-call-status-api?call_uuid=call_1'],
  ['/get-call-logs-api'],
  ['/dialer/token', { lineId: MAIN }],
]

function assertClean(label: string, response: Response, text: string) {
  expect(response.statusText, label).not.toContain(KEY)
  response.headers.forEach((value, name) => {
    expect(`${name}: ${value}`, label).not.toContain(KEY)
  })
  expect(text, label).not.toContain(KEY)
}

describe('the key never reaches a browser, an event or a log line', () => {
  it.each(['echo-200', 'echo-401', 'echo-500', 'echo-text', 'throws', 'throws-timeout', 'non-json'] as const)(
    'upstream %s: every route',
    async (mode) => {
      const rig: Rig = createRig({
        server: {
          upstreamTimeoutMs: 50,
          fetch: async (request) => {
            const auth = request.headers.get('authorization') ?? ''
            if (mode === 'throws')
              throw new TypeError(`fetch failed: connect ECONNREFUSED ${request.url} (headers: authorization=${auth})`)
            if (mode === 'throws-timeout') {
              // Like a real fetch: reject on abort, also when the timeout fired before we got here (a loaded machine).
              await new Promise((_, reject) => {
                if (request.signal.aborted) reject(request.signal.reason)
                else request.signal.addEventListener('abort', () => reject(request.signal.reason))
              })
            }
            const status = mode === 'echo-401' ? 401 : mode === 'echo-500' ? 500 : 200
            const echoed = {
              error: `bad key ${auth}`,
              code: 'unauthorized',
              hint: auth,
              lineId: MAIN,
              line_id: MAIN,
              pb_line_id: MAIN,
              runId: 1,
              lines: [{ lineId: MAIN, key: auth }],
            }
            const body =
              mode === 'non-json'
                ? `<html>${auth}</html>`
                : mode === 'echo-text'
                  ? `Authorization: ${auth}`
                  : JSON.stringify(echoed)
            return new Response(body, {
              status,
              statusText: `Echo ${auth}`,
              headers: {
                'content-type': mode === 'non-json' || mode === 'echo-text' ? 'text/html' : 'application/json',
                'x-echo-authorization': auth,
                'www-authenticate': `Bearer realm="${auth}"`,
                'set-cookie': `session=${auth}`,
                location: `https://api.example/?key=${auth.slice(7)}`,
                link: `<https://api.example/${auth.slice(7)}>; rel=next`,
                'retry-after': '1',
              },
            })
          },
        },
      })
      for (const [path, body] of calls) {
        const response = await rig.server.handle(rig.request('alice', path, body === undefined ? {} : { body }))
        assertClean(`${mode} ${path}`, response, await response.text())
        // An unreachable service is a 502/504 (or the mint's 503) on every route, lookups included; never a 500.
        if (mode === 'throws' || mode === 'throws-timeout')
          expect([403, 404, 502, 503, 504], `${mode} ${path}`).toContain(response.status)
      }
      // Webhook and events: the key is never put in an event, even from a payload that names it.
      const abort = new AbortController()
      const stream = collectSse(await rig.server.handle(rig.request('alice', '/events', { signal: abort.signal })))
      await rig.server.handle(
        new Request(`http://app.local/api/linekit/webhooks/${SECRET}`, {
          method: 'POST',
          body: JSON.stringify({
            event: 'audiocall.inbound.ringing',
            call_uuid: 'c1',
            direction: 'inbound',
            from: seedContacts.ava,
            pb_line_id: MAIN,
            linePhoneNumber: '+14155550100',
            ringingAt: '2026-03-02T12:00:00Z',
            receivedAt: '2026-03-02T12:00:00Z',
          }),
        }),
      )
      await rig.server.handle(
        new Request(`http://app.local/api/linekit/webhooks/${SECRET}`, { method: 'POST', body: '{not json' }),
      )
      await rig.server.settled()
      await eventually(() => stream.events().length >= 1)
      abort.abort()
      await stream.stop()
      expect(stream.frames.join('\n')).not.toContain(KEY)

      const logged = JSON.stringify(rig.logs)
      expect(logged).not.toContain(KEY)
      expect(logged).not.toContain(KEY.slice(0, 12))
      if (mode === 'throws' || mode === 'throws-timeout') expect(rig.logs.length).toBeGreaterThan(0)
    },
  )

  it('an authorize callback that throws an Error naming the key logs it redacted and answers 500 without it', async () => {
    const rig = createRig({
      server: {
        authorize: async () => {
          throw new Error(`session store down (used key ${KEY})`)
        },
      },
    })
    const response = await rig.server.handle(rig.request('alice', '/get-lines'))
    assertClean('authorize', response, await response.text())
    expect(response.status).toBe(500)
    expect(rig.logs.length).toBeGreaterThan(0)
    expect(JSON.stringify(rig.logs)).not.toContain(KEY)
  })
})
