'use client'
import { useQuery } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { messageQueryOptions } from './options'

/**
 * One message by its `pbm_` handle (disabled while the handle is undefined).
 *
 * @example
 * const { data: message } = useMessage(handle)
 */
export function useMessage(handle: string | undefined, options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useQuery({ ...messageQueryOptions(client, handle ?? ''), enabled: handle !== undefined && handle !== '' })
}
