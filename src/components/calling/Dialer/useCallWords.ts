'use client'
import { useSyncExternalStore } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { AudioEngine } from '../../../rtc'
import { useInboundCalls } from '../../../hooks/useInboundCalls'
import { callLogsQueryOptions } from '../../../hooks/options'
import { useLinekitClient } from '../../../provider/useLinekitClient'
import { connectedSeconds, type DialerState } from './dialerMachine'

const never = () => () => {}

/** Whether `engine`'s microphone is muted, followed through its `mute` event. */
function useMuted(engine: AudioEngine | undefined): boolean {
  return useSyncExternalStore(
    engine ? (onChange) => engine.on('mute', onChange) : never,
    () => engine?.muted ?? false,
    () => false,
  )
}

/** What the dialer says about the call, see {@link useCallWords}. */
interface CallWords {
  /** The microphone of the call is muted. */
  muted: boolean
  /** Seconds between answer and end, as the service counts them (the call log, else its status times); undefined until known. */
  durationSeconds: number | undefined
  /** An inbound call this browser answered and is on (the dialer cannot place another). */
  inboundCall: { from: string } | undefined
}

/**
 * The facts behind the Dialer's words, from the service wherever it says them: muted from the
 * audio engine; the ended call's duration from the call log (spec: CallLog — `duration_seconds`,
 * the service's own count; one request once the call has ended, matched by number and line
 * among the newest entries), else from the call-status times; and an inbound call answered in
 * this browser (`useInboundCalls`).
 */
export function useCallWords(
  state: DialerState,
  engine: AudioEngine | undefined,
  lineId: string | undefined,
): CallWords {
  const client = useLinekitClient()
  const muted = useMuted(engine)
  const ended = state.phase === 'ended' && state.to !== undefined
  const logs = useQuery({
    ...callLogsQueryOptions(client, { limit: 5, ...(lineId ? { pb_line_id: lineId } : {}) }),
    enabled: ended,
  })
  const endedAt = state.serviceEndedAt ? Date.parse(state.serviceEndedAt) : state.endedAt
  const log = ended
    ? logs.data?.data.find(
        (l) =>
          l.to_number === state.to &&
          (l.ended_at === null || endedAt === undefined || Math.abs(Date.parse(l.ended_at) - endedAt) < 5 * 60_000),
      )
    : undefined
  // Never a local guess (a poll that saw the answer and the end together would say 0:00).
  const durationSeconds = log
    ? (log.duration_seconds ?? secondsBetween(log.answered_at, log.ended_at))
    : state.serviceAnsweredAt && state.serviceEndedAt
      ? connectedSeconds(state)
      : undefined
  const { history } = useInboundCalls()
  const inbound = history.find((r) => r.outcome === 'answered' && !r.ended)
  return { muted, durationSeconds, inboundCall: inbound ? { from: inbound.from } : undefined }
}

function secondsBetween(from: string | null, to: string | null): number | undefined {
  if (!from || !to) return undefined
  const ms = Date.parse(to) - Date.parse(from)
  return Number.isFinite(ms) ? Math.max(0, Math.round(ms / 1000)) : undefined
}
