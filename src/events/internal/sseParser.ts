/** One dispatched Server-Sent Event (WHATWG HTML §9.2 "event stream interpretation"). */
interface SseMessage {
  /** The last event id seen so far (sticky across events, as in the standard). */
  id: string | undefined
  event: string
  data: string
}

/**
 * An incremental `text/event-stream` parser: feed it decoded text chunks as they arrive.
 * Handles CRLF/LF/CR line endings, comments (heartbeats), `retry:` and multi-line `data:`.
 */
export function createSseParser(handlers: {
  onMessage: (message: SseMessage) => void
  onRetry?: (ms: number) => void
  /** Any line at all (comments included): lets the caller detect a live connection. */
  onActivity?: () => void
}) {
  let buffer = ''
  let data: string[] = []
  let eventName = ''
  let lastId: string | undefined
  let pendingCR = false

  const line = (text: string) => {
    handlers.onActivity?.()
    if (text === '') {
      if (data.length > 0) handlers.onMessage({ id: lastId, event: eventName || 'message', data: data.join('\n') })
      data = []
      eventName = ''
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    switch (field) {
      case 'data':
        data.push(value)
        break
      case 'event':
        eventName = value
        break
      case 'id':
        // spec (HTML): an id containing NULL is ignored
        if (!value.includes('\0')) lastId = value
        break
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value))
        break
      default:
        break
    }
  }

  return {
    push(chunk: string) {
      let text = chunk
      if (pendingCR && text.startsWith('\n')) text = text.slice(1)
      pendingCR = false
      buffer += text
      let start = 0
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i]
        if (ch === '\n' || ch === '\r') {
          line(buffer.slice(start, i))
          if (ch === '\r') {
            if (i + 1 < buffer.length) {
              if (buffer[i + 1] === '\n') i++
            } else {
              pendingCR = true
            }
          }
          start = i + 1
        }
      }
      buffer = buffer.slice(start)
    },
    /** The id to resume from (`Last-Event-ID`). */
    get lastEventId() {
      return lastId
    },
    /** Forget a partial event (after a dropped connection). */
    resetPartial() {
      buffer = ''
      data = []
      eventName = ''
      pendingCR = false
    },
  }
}
