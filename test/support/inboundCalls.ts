import { act } from '@testing-library/react'
import type { Backend } from './backend'

/** A line of the backend's account that can ring: audio calls on, with an inbound number when one has it. */
export const ringableLine = (b: Backend) =>
  b.lines.find((l) => l.audioCallEnabled && l.inboundNumber) ?? b.lines.find((l) => l.audioCallEnabled)!

/** Rings an inbound call on the mock and waits for the webhook to reach the server; returns its `call_uuid`. */
export async function ringInbound(backend: Backend, from: string) {
  let uuid = ''
  await act(async () => {
    uuid = backend.mock.control.calls.inbound({
      accountId: backend.account.accountId,
      lineId: ringableLine(backend).lineId,
      from,
    }).call_uuid
    await backend.mock.control.webhooks.flush()
  })
  return uuid
}

/** Runs a mock control step (end a call, answer it elsewhere) and waits for its webhook to reach the server. */
export async function settleWebhooks(backend: Backend, step: () => unknown) {
  await act(async () => {
    step()
    await backend.mock.control.webhooks.flush()
  })
}
