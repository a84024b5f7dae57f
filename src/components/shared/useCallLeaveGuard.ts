'use client'
import { useEffect } from 'react'
import type { LinekitClient } from '../../api'
import { useLinekitClient } from '../../provider/useLinekitClient'

/**
 * While a call is live in this page: the browser asks before the page is closed or reloaded
 * (`beforeunload`), and if the page goes away anyway the call is ended through the app's own
 * routes with a `keepalive` request (`pagehide`), so it does not keep running on the line.
 * Pass `undefined` when no call is live.
 *
 * @example
 * useCallLeaveGuard(live ? callUuid : undefined)
 */
export function useCallLeaveGuard(callUuid: string | undefined, options: { client?: LinekitClient } = {}) {
  const client = useLinekitClient(options.client)
  useEffect(() => {
    if (!callUuid || typeof window === 'undefined') return
    const warn = (event: BeforeUnloadEvent) => {
      // Both forms: `preventDefault` is the standard, `returnValue` what older browsers read.
      event.preventDefault()
      event.returnValue = ''
    }
    const end = () => {
      void client.endCall({ call_uuid: callUuid }, { keepalive: true }).catch(() => undefined)
    }
    window.addEventListener('beforeunload', warn)
    window.addEventListener('pagehide', end)
    return () => {
      window.removeEventListener('beforeunload', warn)
      window.removeEventListener('pagehide', end)
    }
  }, [callUuid, client])
}
