'use client'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { LinekitError } from '../api/errors'
import { createInboundCallStore } from '../events/inboundCallStore'
import type { LinekitEventSource, LinekitEventSourceStatus } from '../events/LinekitEventSource'
import { linekitKeys } from './keys'
import type { AudioEngine } from '../rtc'
import { LinekitContext } from './context'
import type { LinekitContextValue } from './context'
import type { RetryPolicy } from './retryPolicy'
import type { UploadAttachment } from './uploads'
import { createSendEngine } from './sendEngine'
import { createBrowserOutbox } from './outbox'
import { gateClient, gatesFor } from './wrapClient'
import { catchUpQueries, refreshQueries } from './refreshQueries'
import { refreshUntilListed } from './refreshUntilListed'
import { recordReaction } from './reactionStore'

/**
 * How often the reads under way are let go while the event stream is down: about as often as the
 * stream tries to reconnect (createSseEventSource's connect timeout and back-off), so at most one
 * such round of reads holds the browser's connections when the network comes back.
 */
const RELEASE_READS_MS = 4000

/** Props of {@link LinekitProvider}. */
export interface LinekitProviderProps {
  /** The API client, e.g. `createLinekitClient({ baseUrl: '/api/linekit' })`. */
  client: LinekitClient
  /** Your QueryClient; one is created for you only when none is given. */
  queryClient?: QueryClient
  /**
   * Live events: `createSseEventSource()` in an app, `createMemoryEventSource()` in tests and
   * stories. Without one there are no live updates (threads still refresh on focus and after sends).
   * @default undefined
   */
  events?: LinekitEventSource
  /** The audio engine used by the calling components. @default undefined */
  audioEngine?: AudioEngine
  /**
   * How often calls believed to be ringing are polled (webhooks can be lost, spec: Events rule 2).
   * @default 5000
   */
  callPollIntervalMs?: number
  /** How long an ended inbound call stays listed. @default 0 */
  endedCallLingerMs?: number
  /** Automatic retry of sends (retry-safe failures only; the idempotency key is reused). */
  sendRetry?: Partial<RetryPolicy>
  /**
   * Stores a file in your storage and resolves with its public https URL. With it, the composer
   * offers a file picker, drag-and-drop, pasted images and recorded voice memos, and sends the URL
   * as the attachment; without it, the composer takes an attachment link. @default undefined
   */
  uploadAttachment?: UploadAttachment
  /** Largest file the composer uploads, in bytes. @default 26214400 (25 MB) */
  maxUploadBytes?: number
  children?: ReactNode
}

function createDefaultQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } })
}

/**
 * Provides the client, the query cache, live events and the audio engine to linekit's hooks
 * and components. SSR-safe: nothing touches `window` until effects run in the browser.
 *
 * @example
 * const client = createLinekitClient({ baseUrl: '/api/linekit' })
 * const events = createSseEventSource({ url: '/api/linekit/events' })
 * <LinekitProvider client={client} events={events}><Conversation phoneNumber="+14155550100" /></LinekitProvider>
 */
export function LinekitProvider(props: LinekitProviderProps) {
  const { client: rawClient, events, audioEngine, children } = props
  const [ownQueryClient] = useState(() => (props.queryClient ? undefined : createDefaultQueryClient()))
  const queryClient = props.queryClient ?? ownQueryClient!
  // The gates are per client object: a 429 makes every provider of one client wait its
  // Retry-After. Pacing is linekit/server's (it spends the key's budget for every user).
  const gated = useMemo(() => gateClient(rawClient), [rawClient])
  const rateLimit = gatesFor(rawClient).api

  const [inboundCalls] = useState(() => createInboundCallStore({ endedLingerMs: props.endedCallLingerMs ?? 0 }))
  // Compared by content: a new sendRetry object each render must not reset pending sends.
  const sendRetryKey = JSON.stringify(props.sendRetry ?? null)
  const sendEngine = useMemo(
    () =>
      createSendEngine({
        retry: (JSON.parse(sendRetryKey) as Partial<RetryPolicy> | null) ?? {},
        // Sends that wait for the connection are kept in this browser, like drafts.
        outbox: createBrowserOutbox(),
        onAccepted: (m) => {
          void refreshQueries(queryClient, linekitKeys.messages.threads(m.phone))
          void refreshQueries(queryClient, linekitKeys.messages.lists())
        },
        // A group send or reaction restored after a reload: what its mutation's success would do.
        onRestoredAccepted: (send) => {
          if (send.kind === 'reaction') {
            if (send.response?.status === 'SENT')
              recordReaction(send.body.messageHandle, send.body.reaction, send.body.remove === true)
            return true
          }
          void refreshQueries(queryClient, linekitKeys.messages.lists())
          // Its group's composer still shows the text (the draft): it empties the box.
          return false
        },
      }),
    [queryClient, sendRetryKey],
  )

  // After a reload: the sends this browser kept go again, with their keys, in typed order.
  useEffect(() => sendEngine.restore(gated), [sendEngine, gated])

  const pollRinging = useCallback(async () => {
    const uuids = inboundCalls.ringing()
    await Promise.all(
      uuids.map(async (callUuid) => {
        try {
          const status = await gated.getCallStatus({ call_uuid: callUuid })
          queryClient.setQueryData(linekitKeys.callStatus(callUuid), status)
          // spec: call status — only `call_status` is shown; the call is the one asked about.
          inboundCalls.applyStatus({ call_uuid: callUuid, call_status: status.call_status })
        } catch (error) {
          // The call is gone: it cannot be ringing.
          if (LinekitError.is(error) && error.status === 404) inboundCalls.markEnded(callUuid)
        }
      }),
    )
  }, [gated, inboundCalls, queryClient])

  // Live events → cache and inbound calls; reconnect → reconcile (deliveries may have been lost).
  useEffect(() => {
    if (!events) return
    let stopped = false
    const offEvents = events.subscribe((event) => {
      if (event.type === 'message') {
        // A webhook carries no message handle (spec: Message webhook payload): refetch the thread.
        const data = event.data as typeof event.data & { contactPhoneNumber?: unknown }
        const keys = [linekitKeys.messages.threads(data.destination), linekitKeys.messages.lists()]
        // CRM-variant payloads also name the contact's number.
        if (typeof data.contactPhoneNumber === 'string' && data.contactPhoneNumber !== data.destination)
          keys.push(linekitKeys.messages.threads(data.contactPhoneNumber))
        // Read again until the message is listed: a read that came too early must not use the event up.
        void refreshUntilListed(queryClient, keys, data, () => stopped)
      } else if (event.type === 'message.record') {
        // A message the server's read model found in the messages list: its webhook was lost, or
        // its listed record (handle, status) now replaces the webhook's provisional one.
        const record = event.data
        const other = record.direction === 'inbound' ? record.from_number : record.to_number
        void refreshQueries(queryClient, linekitKeys.messages.threads(other))
        void refreshQueries(queryClient, linekitKeys.messages.lists())
      } else {
        inboundCalls.applyEvent(event)
        void refreshQueries(queryClient, linekitKeys.callStatus(event.data.call_uuid))
      }
    })
    let dropped = false
    // While the stream is down, the reads under way are let go every few seconds (and asked again
    // on reconnect, below). On a silent network their connections stay open carrying nothing
    // until the client's 30 s limit, and the browser's six connections to the server (HTTP/1.1)
    // fill with them: the stream's own reconnect then waits behind them after the network is back.
    let releasing: ReturnType<typeof setInterval> | undefined
    const release = () => void queryClient.cancelQueries({ queryKey: linekitKeys.all, fetchStatus: 'fetching' })
    const stopReleasing = () => {
      if (releasing !== undefined) clearInterval(releasing)
      releasing = undefined
    }
    const offStatus = events.onStatus((status: LinekitEventSourceStatus) => {
      if (status === 'reconnecting') {
        dropped = true
        if (releasing === undefined) {
          release()
          releasing = setInterval(release, RELEASE_READS_MS)
        }
      } else stopReleasing()
      if (status === 'open' && dropped) {
        // spec: Events rule 2 — no retries, no replay guarantee: refetch threads, poll ringing calls.
        dropped = false
        void catchUpQueries(queryClient, linekitKeys.messages.all)
        void catchUpQueries(queryClient, linekitKeys.inboundCalls)
        void pollRinging()
      }
    })
    return () => {
      stopped = true
      stopReleasing()
      offEvents()
      offStatus()
    }
  }, [events, queryClient, inboundCalls, pollRinging])

  // Poll the status of calls believed to be ringing (a lost `ended` webhook must still clear the banner).
  const pollMs = props.callPollIntervalMs ?? 5000
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined
    const sync = () => {
      const ringing = inboundCalls.ringing().length > 0
      if (ringing && timer === undefined) timer = setInterval(() => void pollRinging(), pollMs)
      else if (!ringing && timer !== undefined) {
        clearInterval(timer)
        timer = undefined
      }
    }
    const off = inboundCalls.subscribe(sync)
    sync()
    return () => {
      off()
      if (timer !== undefined) clearInterval(timer)
    }
  }, [inboundCalls, pollMs, pollRinging])

  useEffect(() => () => inboundCalls.dispose(), [inboundCalls])

  const { uploadAttachment, maxUploadBytes = 25 * 1024 * 1024 } = props
  const uploads = useMemo(
    () => (uploadAttachment ? { upload: uploadAttachment, maxBytes: maxUploadBytes } : undefined),
    [uploadAttachment, maxUploadBytes],
  )
  const value = useMemo<LinekitContextValue>(
    () => ({ client: gated, events, audioEngine, inboundCalls, sendEngine, queryClient, rateLimit, uploads }),
    [gated, events, audioEngine, inboundCalls, sendEngine, queryClient, rateLimit, uploads],
  )
  return (
    <QueryClientProvider client={queryClient}>
      <LinekitContext.Provider value={value}>{children}</LinekitContext.Provider>
    </QueryClientProvider>
  )
}
