'use client'
import { useQuery } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { availabilityQueryOptions } from './options'

/**
 * Whether a number can receive on the native-chat channel (`data.available`); disabled while
 * the number is undefined or empty.
 *
 * @example
 * const { data } = useAvailability(phone)
 * const service = data?.available ? 'nativechat' : 'SMS'
 */
export function useAvailability(phone: string | undefined, options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useQuery({
    ...availabilityQueryOptions(client, phone ?? ''),
    enabled: phone !== undefined && phone.trim() !== '',
  })
}
