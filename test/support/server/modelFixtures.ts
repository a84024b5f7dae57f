/**
 * Test support: records, webhooks and a covered read model for the tests of
 * server-helpers/model/ (two lines A and B, customers Ava and Cara, one group chat).
 */
import type { MessageRecord } from '../../../src/api'
import { createReadModel } from '../../../server-helpers/model/createReadModel'
import type { MessageWebhook } from '../../../server-helpers/model/modelTypes'
import { LINE_A, NUMBER_A } from './fakeUpstream'

export { LINE_A, LINE_B, NUMBER_A, NUMBER_B } from './fakeUpstream'
export const AVA = '+14155550124'
export const CARA = '+14155550146'
export const CHAT = 'chat000000000000001'
export const T0 = Date.parse('2026-03-02T12:00:00Z')
export const iso = (ms: number) => new Date(ms).toISOString()

let handles = 0
/** A listed message record created at `at` (inbound on line A from Ava unless told). */
export function record(over: Partial<MessageRecord> & { at: number }): MessageRecord {
  const { at, ...rest } = over
  const outbound = rest.direction === 'outbound'
  return {
    message_handle: `pbm_${++handles}`,
    content: 'hi',
    from_number: outbound ? NUMBER_A : AVA,
    to_number: outbound ? AVA : NUMBER_A,
    line_id: LINE_A,
    service: 'nativechat',
    direction: 'inbound',
    status: 'delivered',
    created_at: iso(at),
    sent_at: iso(at),
    media_attachment_url: null,
    voice_attachment_url: null,
    ...rest,
  }
}

/** A message webhook received at `at` (inbound to line A from Ava unless told). */
export function webhook(over: Partial<MessageWebhook> & { at: number }): MessageWebhook {
  const { at, ...rest } = over
  return {
    message: 'hi',
    destination: AVA,
    receivedAt: iso(at),
    direction: 'inbound',
    messageId: ++handles,
    guid: `guid-${handles}`,
    linePhoneNumber: NUMBER_A,
    ...rest,
  }
}

/** A model whose clock the test moves, covering everything from the first message. */
export async function coveredModel() {
  let now = T0
  const model = createReadModel({ now: () => now })
  await model.ready()
  await model.applyMessageRecords([record({ at: T0 - 60_000, direction: 'outbound', content: 'first' })], {
    from: null,
    to: iso(T0),
  })
  return { model, advance: (ms: number) => (now += ms) }
}
