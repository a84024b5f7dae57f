'use client'
import { useQuery } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { workflowsQueryOptions } from './options'

/**
 * The workflows (`{ flows }`), the source of `flowId` for enrolment.
 *
 * @example
 * const { data } = useWorkflows()
 */
export function useWorkflows(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useQuery(workflowsQueryOptions(client))
}
