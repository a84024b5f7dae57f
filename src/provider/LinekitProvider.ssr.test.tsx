import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { createLinekitClient } from 'linekit/api'

describe('data layer on the server (SSR)', () => {
  it('imports and renders with no window, document or EventSource, and makes no request', async () => {
    expect(typeof window).toBe('undefined')
    const fetchSpy = vi.fn()
    const { LinekitProvider } = await import('./LinekitProvider')
    const { useThread } = await import('../hooks/useThread')
    const { useInboundCalls } = await import('../hooks/useInboundCalls')
    const { useVoiceToken } = await import('../hooks/useVoiceToken')
    const { useLines } = await import('../hooks/useLines')
    const { createSseEventSource } = await import('../events/createSseEventSource')
    const events = createSseEventSource({ url: '/api/linekit/events', fetch: fetchSpy })
    function Thread() {
      const thread = useThread({ phoneNumber: '+14155550124' })
      const calls = useInboundCalls()
      const token = useVoiceToken('3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d')
      const { lines } = useLines()
      return (
        <p>
          {thread.status} {thread.items.length} {calls.calls.length} {token.status} {lines.length}
        </p>
      )
    }
    const html = renderToString(
      <LinekitProvider client={createLinekitClient({ baseUrl: '/api/linekit', fetch: fetchSpy })} events={events}>
        <Thread />
      </LinekitProvider>,
    )
    expect(html.replace(/<!-- -->/g, '')).toBe('<p>pending 0 0 pending 0</p>')
    expect(fetchSpy).not.toHaveBeenCalled()
    events.close()
  })
})
