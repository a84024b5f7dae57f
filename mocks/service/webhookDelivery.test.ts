import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import {
  audioCallEventSchema,
  crmMessageWebhookPayloadSchema,
  messageWebhookPayloadSchema,
} from '../../src/api/schemas'
import { answerCall, declineCall } from './audioCalls'
import { injectInboundCall, repeatRingingSignal } from './callSimulation'
import { resetState } from './mockControl'
import { sendGroupMessage } from './groupThreads'
import { injectInbound } from './inboundMessages'
import { sendMessage } from './messageSending'
import { createMockClock, createMockCore } from './index'
import { seedAccountIds, seedLines, seedOtherLines } from './seed'
import type { Account } from './stateRecords'
import { createWebhook, webhooksOf } from './webhookConfig'
import {
  attachWebhooks,
  createFetchSender,
  listDeliveries,
  WEBHOOK_AUTO_DISABLE_AFTER,
  type WebhookSender,
} from './webhookDelivery'

function setup(status: number | (() => number) = 200) {
  const clock = createMockClock({ now: '2026-01-15T12:00:00Z' })
  const core = createMockCore({ clock })
  const { state } = core
  const sent: Array<{ url: string; body: Record<string, unknown> }> = []
  let answer = typeof status === 'function' ? status : () => status
  const sender: WebhookSender = async (url, body) => {
    sent.push({ url, body: body as Record<string, unknown> })
    return { status: answer() }
  }
  const dispatcher = attachWebhooks(state, { sender })
  const account = state.accounts.get(seedAccountIds.production) as Account
  return {
    state,
    clock,
    account,
    sent,
    dispatcher,
    setStatus(next: number | (() => number)) {
      answer = typeof next === 'function' ? next : () => next
    },
    inbound: (text = 'hello') =>
      injectInbound(state, account, { from: '+14155550124', message: text, lineId: seedLines.main.lineId }),
  }
}

describe('message webhooks', () => {
  it('deliver every inbound and outbound message with the spec payload', async () => {
    const { state, account, sent, dispatcher, inbound } = setup()
    createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/a' })
    inbound('Is it open?')
    sendMessage(state, account, { phone: '+14155550124', message: 'Yes!', lineId: seedLines.main.lineId })
    await dispatcher.flush()
    expect(sent.map((s) => s.url)).toEqual(['https://hooks.example.test/a', 'https://hooks.example.test/a'])
    const [first, second] = sent.map((s) => s.body)
    expect(first).toEqual({
      message: 'Is it open?',
      destination: '+14155550124',
      receivedAt: '2026-01-15T12:00:00.000Z',
      direction: 'inbound',
      messageId: expect.any(Number),
      guid: expect.any(String),
      linePhoneNumber: seedLines.main.phoneNumber,
    })
    expect(second).toMatchObject({
      message: 'Yes!',
      destination: '+14155550124',
      direction: 'outbound',
      linePhoneNumber: seedLines.main.phoneNumber,
    })
    expect(first?.messageId).not.toBe(second?.messageId)
    for (const body of [first, second]) {
      expect(messageWebhookPayloadSchema.safeParse(body).success).toBe(true)
      expect(crmMessageWebhookPayloadSchema.safeParse(body).success).toBe(false)
    }
  })

  it("honour the inbound and outbound toggles and only the account's own messages", async () => {
    const { state, account, sent, dispatcher, inbound } = setup()
    createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/in', outbound: false })
    createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/out', inbound: false })
    createWebhook(state, { accountId: seedAccountIds.crm, url: 'https://hooks.example.test/other' })
    inbound()
    sendMessage(state, account, { phone: '+14155550124', message: 'out', lineId: seedLines.main.lineId })
    await dispatcher.flush()
    expect(sent.map((s) => [s.url, s.body.direction])).toEqual([
      ['https://hooks.example.test/in', 'inbound'],
      ['https://hooks.example.test/out', 'outbound'],
    ])
  })

  it('CRM webhooks add the CRM fields and ignore the toggles', async () => {
    const { state, account, sent, dispatcher, inbound } = setup()
    createWebhook(state, {
      accountId: account.id,
      url: 'https://crm.example.test/hook',
      crm: true,
      inbound: false,
      outbound: false,
    })
    inbound('from crm')
    await dispatcher.flush()
    expect(sent).toHaveLength(1)
    const body = sent[0]?.body
    expect(crmMessageWebhookPayloadSchema.safeParse(body).success).toBe(true)
    expect(body).toMatchObject({
      contactPhoneNumber: '+14155550124',
      dateReceived: body?.receivedAt,
      crmContactIdText: String(body?.crmContactId),
    })
  })

  it('outbound messages that are still processing are delivered when the send finishes', async () => {
    const { state, clock, account, sent, dispatcher } = setup()
    state.settings.sendProcessingMs = 5_000
    createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/a' })
    sendMessage(state, account, { phone: '+14155550124', message: 'later', lineId: seedLines.main.lineId })
    await dispatcher.flush()
    expect(sent).toHaveLength(0)
    clock.advance(5_000)
    await dispatcher.flush()
    expect(sent[0]?.body).toMatchObject({ message: 'later', receivedAt: '2026-01-15T12:00:05.000Z' })
  })
  it('group messages: outbound names the first recipient in E.164 as destination (once), replies the participant', async () => {
    const { state, account, sent, dispatcher, clock } = setup()
    state.settings.groupCreatingMs = 0
    createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/a' })
    const group = sendGroupMessage(state, account, { numbers: ['(415) 555-0146', '+14155550124'], message: 'team?' })
    clock.advance(10_000)
    await dispatcher.flush()
    const outbound = sent.filter((s) => s.body.direction === 'outbound')
    // spec: Message webhook payload — destination is a phone number in E.164 (the record's
    // to_number stays the chat identifier); one event per message.
    expect(outbound).toHaveLength(1)
    expect(outbound[0]?.body.destination).toBe('+14155550146')
    expect(outbound[0]?.body.message).toBe('team?')
    const record = [...state.messagesByHandle.values()].find((m) => m.groupId === group.groupId)
    expect(record?.to_number).toMatch(/^chat/)
    injectInbound(state, account, { from: '+14155550146', message: 'yes', groupId: group.groupId ?? '' })
    await dispatcher.flush()
    expect(sent.at(-1)?.body).toMatchObject({ direction: 'inbound', destination: '+14155550146', message: 'yes' })
  })
})

describe('delivery rules', () => {
  it('one attempt per event, no retries; only 2xx counts as success', async () => {
    const statuses = [200, 204, 299, 300, 301, 404, 500]
    let i = 0
    const { state, account, sent, dispatcher, inbound } = setup(() => statuses[i++] ?? 200)
    const webhook = createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/a' })
    for (let n = 0; n < statuses.length; n++) inbound(`m${n}`)
    await dispatcher.flush()
    expect(sent).toHaveLength(statuses.length)
    expect(listDeliveries(state).map((d) => [d.status, d.outcome])).toEqual([
      [200, 'success'],
      [204, 'success'],
      [299, 'success'],
      [300, 'failure'],
      [301, 'failure'],
      [404, 'failure'],
      [500, 'failure'],
    ])
    expect(webhook.consecutiveFailures).toBe(4)
  })

  it('network errors and a sender that throws are failures, recorded with their message', async () => {
    const { state, account, dispatcher, inbound } = setup()
    createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/a' })
    dispatcher.setSender(() => Promise.reject(new Error('ECONNREFUSED')))
    inbound()
    dispatcher.setSender(() => {
      throw new Error('sync boom')
    })
    inbound()
    await dispatcher.flush()
    expect(listDeliveries(state).map((d) => [d.outcome, d.status, d.error])).toEqual([
      ['failure', null, 'ECONNREFUSED'],
      ['failure', null, 'sync boom'],
    ])
  })

  it('after 20 consecutive failures the webhook is disabled silently; a success resets the count', async () => {
    const { state, account, sent, dispatcher, inbound, setStatus } = setup(500)
    const webhook = createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/a' })
    for (let n = 0; n < WEBHOOK_AUTO_DISABLE_AFTER - 1; n++) inbound()
    await dispatcher.flush()
    expect(webhook.consecutiveFailures).toBe(19)
    setStatus(200)
    inbound()
    await dispatcher.flush()
    expect(webhook.consecutiveFailures).toBe(0)
    setStatus(500)
    for (let n = 0; n < WEBHOOK_AUTO_DISABLE_AFTER - 1; n++) inbound()
    await dispatcher.flush()
    expect(webhook.enabled).toBe(true)
    inbound()
    await dispatcher.flush()
    expect(webhook.enabled).toBe(false)
    expect(webhook.disabledAt).toBe('2026-01-15T12:00:00.000Z')
    const before = sent.length
    setStatus(200)
    inbound()
    await dispatcher.flush()
    expect(sent.length).toBe(before)
  })

  it('CRM webhooks are exempt from auto-disable', async () => {
    const { state, account, dispatcher, inbound } = setup(500)
    const webhook = createWebhook(state, { accountId: account.id, url: 'https://crm.example.test/hook', crm: true })
    for (let n = 0; n < 25; n++) inbound()
    await dispatcher.flush()
    expect(webhook.consecutiveFailures).toBe(25)
    expect(webhook.enabled).toBe(true)
  })

  it('the fetch sender POSTs JSON and gives up after its timeout', async () => {
    const calls: Array<{ url: string; init: RequestInit | undefined }> = []
    const ok = createFetchSender({
      fetch: async (url, init) => {
        calls.push({ url: String(url), init })
        return new Response(null, { status: 202 })
      },
    })
    await expect(ok('https://hooks.example.test/a', { a: 1 })).resolves.toEqual({ status: 202 })
    expect(calls[0]?.init?.method).toBe('POST')
    expect(calls[0]?.init?.body).toBe('{"a":1}')
    expect(new Headers(calls[0]?.init?.headers).get('content-type')).toBe('application/json')
    const slow = createFetchSender({
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))
        }),
    })
    await expect(slow('https://hooks.example.test/a', {})).rejects.toThrow(/timed out/)
  })
})

describe('audio-call webhooks', () => {
  it('are off by default and on with the inbound-audio-call box', async () => {
    const { state, account, sent, dispatcher } = setup()
    createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/messages-only' })
    createWebhook(state, {
      accountId: account.id,
      url: 'https://hooks.example.test/calls',
      audioCalls: true,
      inbound: false,
      outbound: false,
    })
    const call = injectInboundCall(state, account, { lineId: seedLines.main.lineId, from: '+14155550199' })
    repeatRingingSignal(state, call.callUuid)
    answerCall(state, account, call.callUuid)
    await dispatcher.flush()
    expect(sent.map((s) => [s.url, s.body.event])).toEqual([
      ['https://hooks.example.test/calls', 'audiocall.inbound.ringing'],
      ['https://hooks.example.test/calls', 'audiocall.inbound.answered'],
    ])
    for (const s of sent) expect(audioCallEventSchema.safeParse(s.body).success).toBe(true)
  })

  it('ended carries status, answeredAt null when never answered, endedAt and receivedAt', async () => {
    const { state, clock, account, sent, dispatcher } = setup()
    createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/calls', audioCalls: true })
    const call = injectInboundCall(state, account, { lineId: seedLines.main.lineId, from: '+14155550199' })
    clock.advance(3_000)
    declineCall(state, account, call.callUuid)
    await dispatcher.flush()
    expect(sent[1]?.body).toEqual({
      event: 'audiocall.inbound.ended',
      call_uuid: call.callUuid,
      status: 'declined',
      from: '+14155550199',
      pb_line_id: seedLines.main.lineId,
      linePhoneNumber: seedLines.main.phoneNumber,
      answeredAt: null,
      endedAt: '2026-01-15T12:00:03.000Z',
      receivedAt: '2026-01-15T12:00:03.000Z',
    })
  })

  it("other accounts' calls are not delivered", async () => {
    const { state, sent, dispatcher, account } = setup()
    createWebhook(state, { accountId: account.id, url: 'https://hooks.example.test/calls', audioCalls: true })
    const crm = state.accounts.get(seedAccountIds.crm) as Account
    injectInboundCall(state, crm, { lineId: seedOtherLines.crm.lineId, from: '+14155550199' })
    await dispatcher.flush()
    expect(sent).toEqual([])
  })
})

describe('configuration', () => {
  it('rejects non-http URLs and unknown accounts; reset removes webhooks', () => {
    const { state, account } = setup()
    expect(() => createWebhook(state, { accountId: account.id, url: 'ftp://x.test' })).toThrow(/http/)
    expect(() => createWebhook(state, { accountId: account.id, url: 'not a url' })).toThrow(/http/)
    expect(() => createWebhook(state, { accountId: 'acct_nope', url: 'https://x.test' })).toThrow(/Unknown account/)
    createWebhook(state, { accountId: account.id, url: 'https://x.test' })
    expect(webhooksOf(state).size).toBe(1)
    resetState(state)
    expect(webhooksOf(state).size).toBe(0)
  })

  it('the test-payload action delivers a sample message payload', async () => {
    const { state, account, sent, dispatcher } = setup()
    const webhook = createWebhook(state, { accountId: account.id, url: 'https://x.test/h' })
    const delivery = await dispatcher.test(webhook.id)
    expect(delivery.outcome).toBe('success')
    expect(messageWebhookPayloadSchema.safeParse(sent[0]?.body).success).toBe(true)
  })

  it('the test-payload action never delivers to a disabled webhook (409 webhook_disabled, nothing sent or recorded)', async () => {
    const { state, account, sent, dispatcher, inbound } = setup(500)
    const webhook = createWebhook(state, { accountId: account.id, url: 'https://x.test/h' })
    for (let n = 0; n < WEBHOOK_AUTO_DISABLE_AFTER; n++) inbound()
    await dispatcher.flush()
    expect(webhook.enabled).toBe(false)
    expect(sent).toHaveLength(WEBHOOK_AUTO_DISABLE_AFTER)
    await expect(dispatcher.test(webhook.id)).rejects.toMatchObject({ status: 409 })
    await dispatcher.flush()
    expect(sent).toHaveLength(WEBHOOK_AUTO_DISABLE_AFTER)
    expect(webhook.deliveries).toHaveLength(WEBHOOK_AUTO_DISABLE_AFTER)
    expect(webhook.consecutiveFailures).toBe(WEBHOOK_AUTO_DISABLE_AFTER)
  })
})

describe('the fetch sender against a real HTTP receiver', () => {
  async function listen(
    handler: (req: IncomingMessage, res: ServerResponse) => void,
  ): Promise<{ url: string; server: Server }> {
    const server = createServer(handler)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server }
  }
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })

  it('POSTs the payload as JSON and reports the status', async () => {
    const received: Array<{ method?: string; type?: string; body: string }> = []
    const { url, server } = await listen((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        received.push({ method: req.method, type: req.headers['content-type'], body })
        res.statusCode = 204
        res.end()
      })
    })
    try {
      const clock = createMockClock({ now: '2026-01-15T12:00:00Z' })
      const { state } = createMockCore({ clock })
      const dispatcher = attachWebhooks(state, { sender: createFetchSender({ timeoutMs: 2_000 }) })
      const account = state.accounts.get(seedAccountIds.production) as Account
      createWebhook(state, { accountId: account.id, url })
      injectInbound(state, account, { from: '+14155550124', message: 'over the wire', lineId: seedLines.main.lineId })
      await dispatcher.flush()
      expect(received).toHaveLength(1)
      expect(received[0]?.method).toBe('POST')
      expect(received[0]?.type).toBe('application/json')
      expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ message: 'over the wire', direction: 'inbound' })
      expect(listDeliveries(state)[0]).toMatchObject({ outcome: 'success', status: 204 })
    } finally {
      await close(server)
    }
  })

  it('a receiver that answers 3xx is a failure: the redirect is not followed, and 20 of them disable the webhook', async () => {
    let followed = 0
    let redirected = 0
    const { url, server } = await listen((req, res) => {
      req.resume()
      req.on('end', () => {
        if (req.url === '/hook') {
          redirected += 1
          res.writeHead(307, { location: '/elsewhere' })
        } else {
          followed += 1
          res.writeHead(200)
        }
        res.end()
      })
    })
    try {
      const clock = createMockClock({ now: '2026-01-15T12:00:00Z' })
      const { state } = createMockCore({ clock })
      const dispatcher = attachWebhooks(state, { sender: createFetchSender({ timeoutMs: 2_000 }) })
      const account = state.accounts.get(seedAccountIds.production) as Account
      const webhook = createWebhook(state, { accountId: account.id, url })
      const inbound = () =>
        injectInbound(state, account, { from: '+14155550124', message: 'hop', lineId: seedLines.main.lineId })
      inbound()
      await dispatcher.flush()
      expect(listDeliveries(state)[0]).toMatchObject({ outcome: 'failure', status: 307 })
      expect(followed).toBe(0)
      for (let n = 1; n < WEBHOOK_AUTO_DISABLE_AFTER; n++) {
        inbound()
        await dispatcher.flush()
      }
      expect(redirected).toBe(WEBHOOK_AUTO_DISABLE_AFTER)
      expect(followed).toBe(0)
      expect(webhook.consecutiveFailures).toBe(WEBHOOK_AUTO_DISABLE_AFTER)
      expect(webhook.enabled).toBe(false)
      inbound()
      await dispatcher.flush()
      expect(redirected).toBe(WEBHOOK_AUTO_DISABLE_AFTER)
    } finally {
      await close(server)
    }
  })

  it('a receiver that never answers is a failure after the timeout', async () => {
    const { url, server } = await listen(() => {
      // never answers
    })
    try {
      await expect(createFetchSender({ timeoutMs: 50 })(url, { a: 1 })).rejects.toThrow()
    } finally {
      await close(server)
    }
  })
})
