import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../styles.css'
import { Conversation } from './Conversation/Conversation'
import { createMemoryEventSource } from '../../events/createMemoryEventSource'
import { renderWithBackend, createStoryBackend, storyNumbers } from '../../../test/support/renderWithBackend'
import { storyWebhookSecret } from '../../../stories/support/createStoryBackend'
import { asScriptedRequest } from '../../../stories/support/serviceChain'

// Real Chromium, real chain. The server's read model is slowed: the event reaches the page at
// once, the message webhook reaches the model 400 ms later, so the page's first re-read finds
// nothing new. The screen must keep asking until the message is listed.
afterEach(() => cleanup())

describe('a customer writes a burst while the server is slow', () => {
  it('shows every message with no further event: the screen re-reads until the server lists it', async () => {
    const backend = await createStoryBackend({ webhooks: false })
    const events = createMemoryEventSource()
    renderWithBackend(
      backend,
      <div style={{ height: 600, width: 480, display: 'flex', flexDirection: 'column' }}>
        <Conversation phoneNumber={storyNumbers.chat} composerProps={{ showLinePicker: false }} />
      </div>,
      { events },
    )
    const messages = await screen.findByRole('region', { name: 'Messages' }, { timeout: 10_000 })
    await within(messages).findByText('Tomorrow before 5pm.', undefined, { timeout: 10_000 })
    const line = backend.account.lines[0]!
    const burst = ['Hello?', 'Are you there', 'I need help with my order']
    for (const [i, text] of burst.entries()) {
      const payload = {
        message: text,
        destination: storyNumbers.chat,
        receivedAt: new Date().toISOString(),
        direction: 'inbound' as const,
        messageId: 9_000 + i,
        guid: `burst-${i}-${Date.now()}`,
        linePhoneNumber: line.phoneNumber,
      }
      events.emit({ type: 'message', data: payload })
      setTimeout(() => {
        void backend.server.handle(
          asScriptedRequest(
            new Request(`http://localhost${backend.prefix}/webhooks/${storyWebhookSecret}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(payload),
            }),
          ),
        )
      }, 400)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // The screen re-reads 0.15, 0.45, 0.95, 1.75, 2.95, 4.95 and 7.95 s after each event
    // (refreshUntilListed) and finds the burst at the first re-read after the last webhook: about
    // a second on a quiet machine. How fast is the machine's; what this checks is that the screen
    // keeps asking: one that used the events up never shows the burst, since nothing else makes
    // it read again.
    await vi.waitFor(
      () => {
        for (const text of burst) expect(within(messages).getByText(text)).toBeVisible()
      },
      { timeout: 12_000, interval: 50 },
    )
  })
})
