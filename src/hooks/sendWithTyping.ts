import type { LinekitClient, SendMessageRequest, SendMessageResponse } from '../api'
import { withIdempotencyKey } from '../provider/idempotencyKey'
import { toE164 } from './internal/toE164'

/** Options of {@link sendWithTyping}. */
export interface SendWithTypingOptions {
  /** Pause between the indicator and the message (spec: "wait about 2 to 4 seconds"). @default 2500 */
  delayMs?: number
  /** Injected sleep (tests). */
  sleep?: (ms: number) => Promise<void>
  signal?: AbortSignal
}

/** Show the typing indicator, then pause; failures are ignored (the indicator is native-chat only). */
export async function typingPrelude(
  client: Pick<LinekitClient, 'sendTyping'>,
  body: Pick<SendMessageRequest, 'phone' | 'lineId'>,
  options: SendWithTypingOptions = {},
): Promise<void> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  try {
    // spec: POST /send-typing-indicator — phoneNumber is E.164 (the send's `phone` may be in any
    // format); an ERROR answer must not be retried: we send once.
    const phoneNumber = await toE164(body.phone)
    if (phoneNumber !== undefined) {
      await client.sendTyping(
        { phoneNumber, ...(body.lineId !== undefined ? { lineId: body.lineId } : {}) },
        options.signal ? { signal: options.signal } : undefined,
      )
    }
  } catch {
    // No conversation yet, SMS destination, rate limit…: send the message without the indicator.
  }
  await sleep(options.delayMs ?? 2500)
}

/**
 * The service's intended pattern: typing indicator, a short pause, then the message
 * (spec: POST /send-typing-indicator). The message carries an idempotency key.
 *
 * @example
 * await sendWithTyping(client, { phone: '+14155550100', message: 'On my way' })
 */
export async function sendWithTyping(
  client: Pick<LinekitClient, 'sendTyping' | 'sendMessage'>,
  body: SendMessageRequest,
  options: SendWithTypingOptions = {},
): Promise<SendMessageResponse> {
  await typingPrelude(client, body, options)
  return client.sendMessage(withIdempotencyKey(body), options.signal ? { signal: options.signal } : undefined)
}
