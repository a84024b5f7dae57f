'use client'
import { useQuery } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { effectsQueryOptions } from './options'

/**
 * The send effects (`{ bubble, screen }`).
 *
 * @example
 * const { data } = useEffects()
 */
export function useEffects(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useQuery(effectsQueryOptions(client))
}
