'use client'
import { useEffect, useSyncExternalStore } from 'react'
import { useQuery } from '@tanstack/react-query'
import { LinekitError } from '../api/errors'
import { linekitKeys } from '../provider/keys'
import { useLinekit } from '../provider/useLinekit'
import type { InboundCallRecord } from '../events/inboundCallStore'
import { mergeServerHistory } from '../events/mergeServerHistory'

/**
 * Where the history stands: `loading` the server's recent calls; `loaded` them (events follow);
 * `unavailable` — the server keeps none (404: no read model, or no linekit/server route), so the
 * history holds the calls seen since the page opened; `error` — the load failed (retry).
 */
export type InboundCallHistoryStatus = 'loading' | 'loaded' | 'unavailable' | 'error'

/** Result of {@link useInboundCallHistory}. */
export interface UseInboundCallHistoryResult {
  /** The server's recent inbound calls and every call seen since, newest first, with how each went. */
  history: readonly InboundCallRecord[]
  status: InboundCallHistoryStatus
  /** The failure when `status` is `error`. */
  error: LinekitError | undefined
  /** Loads the server's recent calls again. */
  retry: () => void
}

const isUnavailable = (error: unknown) => LinekitError.is(error) && error.status === 404

/**
 * The inbound call history: loads the user's recent inbound calls from linekit/server
 * (`GET <prefix>/calls/inbound`, kept by its read model from the audio-call webhooks), so a reload
 * or a second tab still shows the calls that rang before it opened (one still ringing joins the
 * incoming calls, to be answered here), then follows the call events.
 * Loaded again when the event stream reconnects (events may have been missed meanwhile).
 *
 * @example
 * const { history, status } = useInboundCallHistory()
 */
export function useInboundCallHistory(): UseInboundCallHistoryResult {
  const { client, inboundCalls } = useLinekit()
  const snapshot = useSyncExternalStore(inboundCalls.subscribe, inboundCalls.getSnapshot, inboundCalls.getSnapshot)
  const query = useQuery({
    queryKey: linekitKeys.inboundCalls,
    queryFn: ({ signal }) => client.listInboundCalls({}, { signal }),
    // A server without the history answers 404: asking again would not change that.
    retry: (count, error) => !isUnavailable(error) && count < 2,
  })
  const { data } = query
  useEffect(() => {
    if (!data) return
    inboundCalls.updateHistory(mergeServerHistory(data.data))
    // A call still ringing when the page opened can be answered here too (the provider then
    // polls its status, so one whose end was missed leaves again).
    for (const item of data.data) {
      if (item.state !== 'ringing' || item.ringingAt === null) continue
      const { call_uuid: callUuid, from, pb_line_id: lineId, linePhoneNumber, ringingAt } = item
      inboundCalls.ring({ callUuid, from, lineId, linePhoneNumber, ringingAt })
    }
  }, [data, inboundCalls])
  const status: InboundCallHistoryStatus = query.isSuccess
    ? 'loaded'
    : query.isError
      ? isUnavailable(query.error)
        ? 'unavailable'
        : 'error'
      : 'loading'
  return {
    history: snapshot.history,
    status,
    error: status === 'error' && LinekitError.is(query.error) ? query.error : undefined,
    retry: () => void query.refetch(),
  }
}
