'use client'
import { useEffect, useRef, useState } from 'react'
import type { LinekitClient } from '../api'
import { LinekitError } from '../api/errors'
import { isConnectionFailure } from '../provider/retryPolicy'
import { useLinekitClient } from '../provider/useLinekitClient'
import { toE164 } from './internal/toE164'

/** Arguments of {@link useTypingIndicator}. */
export interface UseTypingIndicatorOptions {
  /** The recipient (E.164); must already have a conversation on the line. */
  phoneNumber: string
  lineId?: string
  /** True while the user is typing. */
  active: boolean
  /** At most one indicator per this many ms while typing (it clears on the device after a while). @default 4000 */
  throttleMs?: number
  /**
   * How long a shown indicator lasts on the recipient's device without another one (spec: it
   * "clears on the recipient's device after a short period or when a message arrives"); `sent`
   * falls back to `idle` after it, and at once when `active` turns false. @default 5000
   */
  lapseMs?: number
  client?: LinekitClient
}

/** State of {@link useTypingIndicator}. */
export interface UseTypingIndicatorResult {
  /**
   * `sent` after a `SENT`; `error` after an `ERROR` answer (never retried for this number and
   * line) or a transient failure of the service (a failed connection drops the indicator: no error); `unavailable` when the service refused it (4xx: e.g. no
   * conversation yet) — also not retried.
   */
  state: 'idle' | 'sent' | 'error' | 'unavailable'
  error: unknown
}

/**
 * Shows the typing indicator to a recipient while `active`, throttled. A device-level failure
 * (`status: 'ERROR'` in a 200) must not be retried (spec: POST /send-typing-indicator), so after
 * one this hook stays quiet for that number and line.
 *
 * @example
 * const typing = useTypingIndicator({ phoneNumber, active: draft.length > 0 })
 */
export function useTypingIndicator(options: UseTypingIndicatorOptions): UseTypingIndicatorResult {
  const { phoneNumber, lineId, active, throttleMs = 4000, lapseMs = 5000 } = options
  const client = useLinekitClient(options.client)
  const threadKey = `${phoneNumber}|${lineId ?? ''}`
  const [result, setResult] = useState<{ key: string; at: number } & UseTypingIndicatorResult>({
    key: threadKey,
    at: 0,
    state: 'idle',
    error: null,
  })
  /** The `at` of the last `sent` result that has lapsed. */
  const [lapsedAt, setLapsedAt] = useState(0)
  const blocked = useRef(new Set<string>())
  const lastSent = useRef(new Map<string, number>())

  useEffect(() => {
    if (!active || phoneNumber.trim() === '' || blocked.current.has(threadKey)) return
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const fire = async () => {
      if (blocked.current.has(threadKey)) return
      // Offline, an indicator is dropped, never queued: by the time the connection is back it
      // would say something that is no longer true.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return
      lastSent.current.set(threadKey, Date.now())
      try {
        // spec: POST /send-typing-indicator — phoneNumber is E.164 (the service is not shown to normalize it).
        const e164 = await toE164(phoneNumber)
        if (e164 === undefined) {
          blocked.current.add(threadKey)
          setResult({ key: threadKey, at: Date.now(), state: 'unavailable', error: null })
          return
        }
        const res = await client.sendTyping({ phoneNumber: e164, ...(lineId !== undefined ? { lineId } : {}) })
        if (res.status === 'SENT') {
          if (!cancelled) setResult({ key: threadKey, at: Date.now(), state: 'sent', error: null })
        } else {
          blocked.current.add(threadKey)
          setResult({ key: threadKey, at: Date.now(), state: 'error', error: res.error_message ?? 'ERROR' })
        }
      } catch (error) {
        // No answer (the connection failed): dropped, no error to show.
        if (isConnectionFailure(error)) return
        const refused = LinekitError.is(error) && error.status >= 400 && error.status < 500 && error.status !== 429
        if (refused || (LinekitError.is(error) && error.code === 'invalid_request')) {
          blocked.current.add(threadKey)
          setResult({ key: threadKey, at: Date.now(), state: 'unavailable', error })
        } else {
          setResult({ key: threadKey, at: Date.now(), state: 'error', error })
        }
      }
    }
    const tick = () => {
      if (cancelled) return
      void fire()
      timer = setTimeout(tick, throttleMs)
    }
    const since = Date.now() - (lastSent.current.get(threadKey) ?? -Infinity)
    timer = setTimeout(tick, Math.max(0, throttleMs - since))
    return () => {
      cancelled = true
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [active, phoneNumber, lineId, threadKey, throttleMs, client])

  // A shown indicator lapses on the device: re-render when it has, so `sent` does not linger.
  const sentAt = result.state === 'sent' ? result.at : 0
  useEffect(() => {
    if (sentAt === 0) return
    const timer = setTimeout(() => setLapsedAt(sentAt), Math.max(0, sentAt + lapseMs - Date.now()))
    return () => clearTimeout(timer)
  }, [sentAt, lapseMs])

  if (result.key !== threadKey) return { state: 'idle', error: null }
  if (result.state === 'sent' && (!active || lapsedAt === result.at)) return { state: 'idle', error: null }
  return { state: result.state, error: result.error }
}
