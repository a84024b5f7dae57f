import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { LinekitError } from '../../api/errors'
import { linekitKeys } from '../../hooks/keys'

/**
 * The mint failure `useVoiceToken` is currently waiting out (a 429 retried after `Retry-After`),
 * read from the query cache without adding an observer. While TanStack retries, the query's
 * `error` is still null, but the user should see the countdown (spec: 429 rate_limited with
 * `Retry-After`), not an endless "preparing".
 */
export function useMintFailure(lineId: string | undefined): LinekitError | null {
  const queryClient = useQueryClient()
  const cache = queryClient.getQueryCache()
  const read = useCallback(() => {
    if (!lineId) return null
    const state = cache.find({ queryKey: linekitKeys.voiceToken(lineId), exact: true })?.state
    if (!state || state.fetchStatus !== 'fetching') return null
    return LinekitError.is(state.fetchFailureReason) ? state.fetchFailureReason : null
  }, [cache, lineId])
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache])
  return useSyncExternalStore(subscribe, read, () => null)
}
