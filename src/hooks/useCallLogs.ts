'use client'
import { useQuery } from '@tanstack/react-query'
import type { CallLogsQuery, LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { callLogsQueryOptions } from './options'

/**
 * Outbound dialer call logs (`GET /get-call-logs-api`).
 *
 * @example
 * const { data } = useCallLogs({ limit: 25 })
 */
export function useCallLogs(q: CallLogsQuery = {}, options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useQuery(callLogsQueryOptions(client, q))
}
