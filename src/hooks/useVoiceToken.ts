'use client'
import { useCallback, useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { LinekitClient, VoiceTokenResponse } from '../api'
import type { LinekitError } from '../api/errors'
import { asLinekitError } from './internal/asLinekitError'
import { useLinekitClient } from '../provider/useLinekitClient'
import { linekitRetry } from './options'
import { linekitKeys } from '../provider/keys'

/** Cached state of one line's voice token. */
interface VoiceTokenState {
  token: VoiceTokenResponse
  /** Client clock when the mint answered (the lifetime is counted from here: no clock skew). */
  receivedAt: number
  /** Outbound calls placed with this token (`countCall`). */
  callsPlaced: number
}

/** Options of {@link useVoiceToken}. */
export interface UseVoiceTokenOptions {
  /** Re-mint this long before the token expires. @default 60000 */
  refreshMarginMs?: number
  client?: LinekitClient
}

/** Result of {@link useVoiceToken}. */
export interface UseVoiceTokenResult {
  /** The current token; undefined while minting, after an error, or once its calls are used up. */
  token: VoiceTokenResponse | undefined
  /** The mint's error, with the spec's SDK code in `error.sdkCode` (`cap_reached`, `rate_limited` …). */
  error: LinekitError | null
  /**
   * The failure being waited out right now (a 429 retried after its `Retry-After`, or a network
   * error retried with backoff): `error` stays null meanwhile, but a user should see why there is
   * no token yet (e.g. the `Retry-After` countdown). Null once a retry succeeds or gives up.
   */
  retrying: LinekitError | null
  status: 'idle' | 'pending' | 'error' | 'success'
  /** Record one outbound call placed with the token; the last allowed call triggers a re-mint. */
  countCall: () => void
  /** Calls the current token may still place (spec: maxCallsPerToken, currently 10). */
  remainingCalls: number
  /** Mint a new token now. */
  refresh: () => void
}

/**
 * The voice token of a line, minted through the app's server route (the API key never reaches
 * the browser). Refreshed `refreshMarginMs` before it expires (spec: lifetime 900 s), and re-minted
 * after `maxCallsPerToken` calls. A 429 waits `Retry-After`; refusals (402 cap, 403 …) are not retried.
 *
 * @example
 * const { token, error, countCall } = useVoiceToken(lineId)
 * if (error?.sdkCode === 'cap_reached') showCapBanner()
 */
export function useVoiceToken(lineId: string | undefined, options: UseVoiceTokenOptions = {}): UseVoiceTokenResult {
  const client = useLinekitClient(options.client)
  const queryClient = useQueryClient()
  const margin = options.refreshMarginMs ?? 60_000
  const key = linekitKeys.voiceToken(lineId ?? '')
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<VoiceTokenState> => {
      const token = await client.mintVoiceToken({ lineId: lineId! }, { signal })
      return { token, receivedAt: Date.now(), callsPlaced: 0 }
    },
    enabled: lineId !== undefined && lineId !== '',
    // The token is refreshed by its own timer, never by focus or a stale-time heuristic
    // (spec: Limits — 30 mints per minute per key).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    ...linekitRetry,
  })

  const state = query.data
  useEffect(() => {
    if (!state) return
    const lifetimeMs = state.token.ttlSeconds * 1000
    const refreshIn = Math.max(0, state.receivedAt + lifetimeMs - Math.min(margin, lifetimeMs / 2) - Date.now())
    const timer = setTimeout(() => void queryClient.refetchQueries({ queryKey: key, exact: true }), refreshIn)
    return () => clearTimeout(timer)
    // key is derived from lineId
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, margin, queryClient, lineId])

  const countCall = useCallback(() => {
    const next = queryClient.setQueryData<VoiceTokenState>(linekitKeys.voiceToken(lineId ?? ''), (old) =>
      old ? { ...old, callsPlaced: old.callsPlaced + 1 } : old,
    )
    if (next && next.callsPlaced >= next.token.maxCallsPerToken) {
      void queryClient.refetchQueries({ queryKey: linekitKeys.voiceToken(lineId ?? ''), exact: true })
    }
  }, [queryClient, lineId])

  const refresh = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: linekitKeys.voiceToken(lineId ?? ''), exact: true })
  }, [queryClient, lineId])

  const remainingCalls = state ? Math.max(0, state.token.maxCallsPerToken - state.callsPlaced) : 0
  const error = query.error ? asLinekitError(query.error, tokenUnavailable) : null
  const retrying =
    query.fetchStatus === 'fetching' && query.failureReason
      ? asLinekitError(query.failureReason, tokenUnavailable)
      : null
  return {
    // A failed refresh leaves the old data in the cache: do not hand out a token that may have lapsed.
    token: state && remainingCalls > 0 && !query.isError ? state.token : undefined,
    error,
    retrying,
    status: lineId === undefined || lineId === '' ? 'idle' : query.status,
    countCall,
    remainingCalls,
    refresh,
  }
}

/** A failure without a response from the mint means no token can be had now (spec: Errors — mint mapping table). */
const tokenUnavailable = { sdkCode: 'token_unavailable' } as const
