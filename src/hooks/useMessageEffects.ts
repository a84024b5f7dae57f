'use client'
import { useQuery } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import { useLinekitClient } from '../provider/useLinekitClient'
import { messageEffectsQueryOptions } from './options'

/**
 * The message effects a send can carry (`{ bubble, screen }`: the `effect` of `POST /send-api-message`).
 *
 * @example
 * const { data } = useMessageEffects()
 */
export function useMessageEffects(options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  return useQuery(messageEffectsQueryOptions(client))
}
