/**
 * Hostile content renders inert, in real Chromium. The real linekit/server and the
 * mock run in the page; inbound message text carries HTML and script, and a hostile service
 * (its responses rewritten on the way out of the mock) returns HTML in line, contact, flow and
 * transcript fields, and `javascript:`, `data:` and attribute-breaking URLs for attachments,
 * voice memos and recordings. Every component that shows such data is rendered; then:
 * no payload ran (each would bump `window.__pwned`), no element carries an `on*` attribute or a
 * `javascript:`/`data:`/`vbscript:` URL, no payload element exists, and the text shows as text.
 */
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { seedContacts, seedLines } from 'linekit/mocks'
import 'linekit/styles.css'
import { CallLogTable } from './calling/CallLogTable/CallLogTable'
import { ContactCard } from './contacts/ContactCard/ContactCard'
import { Conversation } from './messaging/Conversation/Conversation'
import { Dialer } from './calling/Dialer/Dialer'
import { EnrollFlowButton } from './contacts/EnrollFlowButton/EnrollFlowButton'
import { InboundCallBanner } from './calling/InboundCallBanner/InboundCallBanner'
import { LinePicker } from './messaging/LinePicker/LinePicker'
import { createMemoryEventSource } from '../events/createMemoryEventSource'
import { LinekitProvider } from '../provider/LinekitProvider'
import { createFakeAudioEngine } from '../rtc'
import { createServiceChain } from '../../stories/support/serviceChain'

declare global {
  interface Window {
    __pwned: number
  }
}

const PWN = 'window.__pwned=(window.__pwned||0)+1'
const HTML = `<img src=x onerror="${PWN}"><script>${PWN}</script><svg onload="${PWN}"></svg><a href="javascript:${PWN}">x</a>`
const URLS = [
  `javascript:${PWN}`,
  ` JaVaScRiPt:${PWN}`,
  `data:text/html,<script>${PWN}</script>`,
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  `https://cdn.example.test/a.jpg" onerror="${PWN}`,
  `vbscript:${PWN}`,
]
const AVA = seedContacts.ava

/** Rewrites the mock's JSON on the way out, as a compromised or hostile service would answer. */
function hostile(path: string, body: unknown): unknown {
  let n = 0
  const url = () => URLS[n++ % URLS.length]!
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk)
    if (!value || typeof value !== 'object') return value
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value)) {
      if (
        ['name', 'firstName', 'lastName', 'note', 'transcript', 'groupName', 'message'].includes(key) &&
        (typeof v === 'string' || v === null)
      )
        out[key] = `${key} ${HTML}`
      else if (
        [
          'media_attachment_url',
          'voice_attachment_url',
          'recording_url',
          'mediaAttachmentUrl',
          'audioAttachmentUrl',
        ].includes(key)
      )
        out[key] = url()
      else if (key === 'email') out[key] = `javascript:${PWN}`
      else if (key === 'customFields') out[key] = { website: `javascript:${PWN}`, bio: HTML }
      else if (key === 'disposition' && v === null) out[key] = 'answered'
      else out[key] = walk(v)
    }
    return out
  }
  return path === '/get-effects' ? body : walk(body)
}

function setup() {
  // The user may use every line of the production account.
  const { mock, server } = createServiceChain({
    account: 'production',
    prefix: '/api/linekit',
    server: {
      logger: { warn: () => undefined, error: () => undefined },
      fetch: async (request) => {
        const response = await mock.fetch(request)
        const path = new URL(request.url).pathname
        if (request.method !== 'GET' || !response.ok) return response
        return Response.json(hostile(path, await response.json()), { status: response.status })
      },
    },
  })
  mock.control.updateSettings({ rateLimitPerMinute: 0 })
  // Inbound text from a real person can be anything: it goes through the service untouched.
  mock.control.injectInbound({ from: AVA, message: `text ${HTML}`, lineId: seedLines.main.lineId })
  const log = mock.control.callLogs.record({ lineId: seedLines.main.lineId, to: AVA })
  mock.control.callLogs.complete(log.id, { outcome: 'answered', transcript: `Agent: ${HTML}` })
  const client = createLinekitClient({
    baseUrl: '/api/linekit',
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(typeof input === 'string' ? new URL(input, location.origin) : input, init)
      request.headers.set('x-linekit-csrf', '1')
      return server.handle(request)
    }) as typeof fetch,
  })
  return { mock, client }
}

/** Every attribute that could execute or load something, on every element under `root` (and in portals). */
function offenders(): string[] {
  const found: string[] = []
  for (const el of document.body.querySelectorAll('*')) {
    if (el.tagName === 'SCRIPT' && el.closest('[data-testroot]')) found.push('<script> element')
    for (const attr of el.getAttributeNames()) {
      const value = (el.getAttribute(attr) ?? '').trim().toLowerCase()
      if (attr.startsWith('on')) found.push(`${el.tagName} ${attr}`)
      if (
        ['href', 'src', 'srcset', 'action', 'formaction', 'poster', 'data', 'xlink:href', 'background'].includes(
          attr,
        ) &&
        /^(javascript|data|vbscript):/.test(value.replace(/\s/g, ''))
      ) {
        found.push(`${el.tagName} ${attr}=${value.slice(0, 40)}`)
      }
    }
    if (el.tagName === 'IMG' && el.getAttribute('src') === 'x') found.push('payload <img src=x>')
    if (el.tagName === 'svg' && el.closest('[data-testroot]') && el.getAttribute('onload') !== null)
      found.push('payload <svg onload>')
  }
  return found
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('hostile content renders inert in every component', () => {
  it('Conversation, ContactCard, LinePicker, CallLogTable, EnrollFlowButton, Dialer and the inbound-call banner', async () => {
    window.__pwned = 0
    const { mock, client } = setup()
    const events = createMemoryEventSource()
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <div data-testroot="">
        <LinekitProvider
          client={client}
          queryClient={queryClient}
          events={events}
          audioEngine={createFakeAudioEngine()}
        >
          <InboundCallBanner />
          <LinePicker />
          <Conversation phoneNumber={AVA} />
          <ContactCard phoneNumber={AVA} editable={false} />
          <EnrollFlowButton phoneNumber={AVA} />
          <CallLogTable />
          <Dialer />
        </LinekitProvider>
      </div>,
    )
    // The hostile fields reach the components and are shown as text: message, line name, contact
    // name. Each comes from its own query, so wait for all three, however late one answers.
    const shown = (prefix: string) => screen.queryAllByText((t) => t.includes(`${prefix} <img src=x onerror=`)).length
    const reached = () => ({ message: shown('text'), lineName: shown('name'), contactName: shown('firstName') })
    await waitFor(
      () => {
        const counts = reached()
        expect(Math.min(...Object.values(counts)), JSON.stringify(counts)).toBeGreaterThan(0)
      },
      { timeout: 15_000 },
    )
    // A ringing call (the banner shows the line, whose name is hostile in the listing).
    const call = mock.control.calls.inbound({ lineId: seedLines.main.lineId, from: '+14155550182' })
    events.emit({
      type: 'audiocall.inbound.ringing',
      data: {
        event: 'audiocall.inbound.ringing',
        call_uuid: call.call_uuid,
        direction: 'inbound',
        from: '+14155550182',
        pb_line_id: seedLines.main.lineId,
        linePhoneNumber: seedLines.main.phoneNumber,
        ringingAt: new Date().toISOString(),
        receivedAt: new Date().toISOString(),
      },
    } as Parameters<typeof events.emit>[0])
    await screen.findByRole('button', { name: /answer/i })
    // Open what opens: the flow menu (hostile flow names), any disclosure of the contact and the call log.
    const user = userEvent.setup()
    for (const button of screen
      .queryAllByRole('button', { name: /enrol|enroll|workflow|transcript|details|show/i })
      .slice(0, 4)) {
      await user.click(button).catch(() => undefined)
    }
    // Wait until every image has loaded or failed (an `onerror` payload would have run by then),
    // however busy the machine: a fixed pause could end first and miss a payload.
    await waitFor(() => expect([...document.images].every((img) => img.complete)).toBe(true), { timeout: 15_000 })
    // Still shown as text after the disclosures opened.
    const counts = reached()
    expect(Math.min(...Object.values(counts)), JSON.stringify(counts)).toBeGreaterThan(0)
    expect(window.__pwned).toBe(0)
    expect(offenders()).toEqual([])
  })

  it('the detectors catch a payload that does run (so the test above can fail)', async () => {
    window.__pwned = 0
    render(
      <div data-testroot="">
        {/* the point: what the kit must never do */}
        <div dangerouslySetInnerHTML={{ __html: HTML }} />
      </div>,
    )
    // The payload runs once its image fails to load: on a busy machine that takes more than a second.
    await waitFor(() => expect(window.__pwned).toBeGreaterThan(0), { timeout: 15_000 })
    expect(offenders().length).toBeGreaterThan(0)
  })
})
