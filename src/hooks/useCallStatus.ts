'use client'
import { useQuery } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { callStatusPhase } from '../api/values'
import { callStatusQueryOptions } from './options'

/**
 * An audio call's status. With `poll`, refetches every `poll` ms until the status is one the
 * contract names as an ending (`callStatusPhase`; an unknown value keeps the poll going)
 * (spec: start — "when rtc is null, the call status endpoint is polled for the outcome").
 *
 * @example
 * const { data } = useCallStatus(callUuid, { poll: 3000 })
 */
export function useCallStatus(callUuid: string | undefined, options: { poll?: number; client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  const poll = options.poll
  return useQuery({
    ...callStatusQueryOptions(client, callUuid ?? ''),
    enabled: callUuid !== undefined && callUuid !== '',
    refetchInterval: (query) => {
      if (!poll) return false
      const status = query.state.data?.call_status
      return status !== undefined && callStatusPhase(status) === 'ended' ? false : poll
    },
  })
}
