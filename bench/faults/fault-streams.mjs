// The fault benchmark's browsers: event streams through the balancer that reconnect as the kit's
// client does (after `retry:`, with Last-Event-ID), recording every message and record they hear.

/** Reads `url`'s event stream as the user of `cookie` until `stop()`; returns `{ stop() → events }`. */
export function readEvents(url, cookie) {
  const events = [] // { listener, type, content, status, t }
  const abort = new AbortController()
  let lastId
  const loop = async () => {
    while (!abort.signal.aborted) {
      try {
        const headers = { cookie, ...(lastId ? { 'last-event-id': lastId } : {}) }
        const response = await fetch(url, { headers, signal: abort.signal })
        if (response.ok && response.body) {
          const decoder = new TextDecoder()
          let buffer = ''
          for await (const chunk of response.body) {
            buffer += decoder.decode(chunk, { stream: true })
            let end
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const frame = buffer.slice(0, end)
              buffer = buffer.slice(end + 2)
              const id = /^id: (.*)$/m.exec(frame)?.[1]
              const data = /^data: (.*)$/m.exec(frame)?.[1]
              if (id) lastId = id
              if (!data) continue
              const event = JSON.parse(data)
              const content = event.data?.message ?? event.data?.content
              if (typeof content !== 'string') continue
              events.push({ listener: cookie, type: event.type, content, status: event.data?.status, t: Date.now() })
            }
          }
        }
      } catch {
        // the instance went away: reconnect through the balancer
      }
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
  void loop()
  return {
    stop() {
      abort.abort()
      return events
    },
  }
}
