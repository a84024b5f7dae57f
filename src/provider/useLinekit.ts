'use client'
import { useContext } from 'react'
import { LinekitContext } from './context'
import type { LinekitContextValue } from './context'

/**
 * The provider's shared objects: `{ client, events, audioEngine, inboundCalls }` (plus the
 * query client and the send engine the hooks use).
 * Throws when called outside `<LinekitProvider>`.
 *
 * @example
 * const { client, events } = useLinekit()
 */
export function useLinekit(): LinekitContextValue {
  const value = useContext(LinekitContext)
  if (!value) {
    throw new Error(
      'linekit: this hook or component must be rendered inside <LinekitProvider client={createLinekitClient({ baseUrl: "/api/linekit" })}>. ' +
        'Wrap your app (or the story/test) in a LinekitProvider.',
    )
  }
  return value
}
