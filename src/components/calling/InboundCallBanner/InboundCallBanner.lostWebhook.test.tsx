/**
 * Webhooks are delivered once and can be lost (spec: Events 1–2): a dropped
 * `audiocall.inbound.ended` must still clear `<InboundCallBanner>`, through the provider's
 * status polling of calls it believes are ringing. The whole chain is real: mock → webhook
 * route → server bus → provider → banner; only the `ended` delivery is made to fail.
 */
import { act, render, waitFor } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { InboundCallBanner } from './InboundCallBanner'
import { createMemoryEventSource } from '../../../events/createMemoryEventSource'
import { LinekitProvider } from '../../../provider/LinekitProvider'
import { BASE, createBackend } from '../../../../test/support/renderWithBackend'
import { installMsw, msw, recordRequests } from '../../../../test/support/msw'

installMsw()

/** Rings a call, loses its `ended` webhook, ends it: the banner must clear through status polling. */
async function lostEndedClearsBanner(statusAnswer: 'as the mock answers' | 'call_status only') {
  const backend = createBackend()
  msw.use(...backend.handlers)
  if (statusAnswer === 'call_status only') {
    // spec: call status — only `call_status` is shown: no `call_uuid` echoed, no other field.
    msw.use(
      http.get('*/api/linekit/get-audiocall-call-status-api', async ({ request }) => {
        const answer = await backend.server.handle(request)
        if (!answer.ok) return answer
        const { call_status } = (await answer.json()) as { call_status: string }
        return Response.json({ call_status })
      }),
    )
  }
  const requests = recordRequests()
  // Every delivery goes to the real webhook route, except `ended`, which is lost on the way.
  const dropped: string[] = []
  backend.mock.control.webhooks.setSender(async (url, body) => {
    const event = (body as { event?: string }).event
    if (event === 'audiocall.inbound.ended') {
      dropped.push(event)
      throw new Error('connection reset')
    }
    const response = await backend.server.handle(
      new Request(new URL(new URL(url).pathname, 'http://app.test').toString(), {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    )
    return { status: response.status }
  })
  const events = createMemoryEventSource()
  const stop = backend.server.bus.subscribe((event) =>
    events.emit({ id: event.id, type: event.type, data: event.data } as Parameters<typeof events.emit>[0]),
  )
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const { container, unmount } = render(
    <LinekitProvider
      client={createLinekitClient({ baseUrl: BASE })}
      queryClient={queryClient}
      events={events}
      callPollIntervalMs={50}
    >
      <InboundCallBanner />
    </LinekitProvider>,
  )
  const banner = () => container.querySelector<HTMLElement>('.lk-InboundCallBanner')
  const line = backend.lines.find((l) => l.audioCallEnabled && l.inboundNumber)!
  let uuid = ''
  await act(async () => {
    uuid = backend.mock.control.calls.inbound({ lineId: line.lineId, from: '+14155550182' }).call_uuid
    await backend.mock.control.webhooks.flush()
    await backend.server.settled()
  })
  await waitFor(() => expect(banner()).toHaveAttribute('data-count', '1'))
  const pollsWhileRinging = requests.to('/get-audiocall-call-status-api').length

  await act(async () => {
    backend.mock.control.calls.end(uuid, 'no_answer')
    await backend.mock.control.webhooks.flush()
  })
  expect(dropped).toEqual(['audiocall.inbound.ended'])
  await waitFor(() => expect(banner()?.getAttribute('data-count') ?? '0').toBe('0'))
  expect(requests.to('/get-audiocall-call-status-api').length).toBeGreaterThan(pollsWhileRinging)
  requests.stop()
  stop()
  unmount()
}

describe('a dropped `ended` webhook', () => {
  it('still clears the inbound-call banner through status polling', async () => {
    await lostEndedClearsBanner('as the mock answers')
  })

  it('still clears it when the status answer carries only `call_status`', async () => {
    await lostEndedClearsBanner('call_status only')
  })
})
