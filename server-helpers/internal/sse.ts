/**
 * A `text/event-stream` Response fed by the bus until the client goes away. Each event is encoded
 * once for every stream (one event fans out to every open stream), and a client that lets more
 * than `maxQueuedBytes` pile up unread is cut off: it reconnects with `Last-Event-ID` and gets the
 * replay, instead of growing the server's memory without bound.
 */
import { encodeEventFrame } from '../../src/api/events'
import type { EventBus, LinekitEvent } from '../eventBus'

interface SseOptions {
  bus: EventBus
  /** Only events passing this filter are written (line scoping). */
  filter: (event: LinekitEvent) => boolean
  lastEventId: string | undefined
  heartbeatMs: number
  retryMs: number
  /** Aborts when the client disconnects. */
  signal: AbortSignal
  maxQueuedBytes: number
  /** Called once when the stream ends (the client left, was cut off, or cancelled it). */
  onClose?: () => void
}

const encoder = new TextEncoder()
const encoded = new WeakMap<LinekitEvent, Uint8Array>()

function encodeEvent(event: LinekitEvent): Uint8Array {
  let bytes = encoded.get(event)
  if (!bytes) {
    bytes = encoder.encode(encodeEventFrame(event.id, event))
    encoded.set(event, bytes)
  }
  return bytes
}

const sseHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // nginx would otherwise buffer the stream
  'x-accel-buffering': 'no',
}

/**
 * Subscribes at once (no event published after this call is missed) and answers with the stream.
 * Frames queue in the stream until the client reads them; the queue's size is the backlog.
 */
export function sseResponse(options: SseOptions): Response {
  let closed = false
  let unsubscribe: (() => void) | undefined
  let timer: ReturnType<typeof setInterval> | undefined
  let controller!: ReadableStreamDefaultController<Uint8Array>

  const stop = () => {
    if (closed) return
    closed = true
    unsubscribe?.()
    clearInterval(timer)
    options.signal.removeEventListener('abort', stop)
    options.onClose?.()
    try {
      controller.close()
    } catch {
      // already closed or errored by the consumer
    }
  }
  const write = (bytes: Uint8Array) => {
    if (closed) return
    // desiredSize is the high-water mark (0) minus what is queued: minus the unread backlog.
    if (-(controller.desiredSize ?? 0) > options.maxQueuedBytes) {
      stop()
      return
    }
    // Enqueue a copy: the consumer may transfer or detach the buffer it reads, and one event's
    // bytes are shared by every stream.
    controller.enqueue(bytes.slice())
  }

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
      },
      cancel: stop,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  )
  if (options.signal.aborted) stop()
  else {
    options.signal.addEventListener('abort', stop)
    write(encoder.encode(`retry: ${options.retryMs}\n: connected\n\n`))
    unsubscribe = options.bus.subscribe(
      (event) => {
        if (options.filter(event)) write(encodeEvent(event))
      },
      options.lastEventId ? { lastEventId: options.lastEventId } : undefined,
    )
    if (closed) unsubscribe()
    else timer = setInterval(() => write(encoder.encode(': heartbeat\n\n')), options.heartbeatMs)
  }
  return new Response(stream, { status: 200, headers: sseHeaders })
}
