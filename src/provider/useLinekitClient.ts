'use client'
import { useContext, useMemo } from 'react'
import type { LinekitClient } from '../api'
import { LinekitContext } from './context'
import { gateClient } from './wrapClient'

/**
 * The client to use: the explicit argument when given (wrapped with the shared rate gates of
 * that client: a 429 makes every call wait its Retry-After), else the provider's. Throws when neither exists.
 *
 * @example
 * const client = useLinekitClient() // from <LinekitProvider>
 */
export function useLinekitClient(client?: LinekitClient): LinekitClient {
  const context = useContext(LinekitContext)
  const explicit = useMemo(() => (client ? gateClient(client) : undefined), [client])
  if (explicit) return explicit
  if (context) return context.client
  throw new Error(
    'linekit: no client. Pass one (useLinekitClient(client)) or render inside <LinekitProvider client={…}>.',
  )
}
