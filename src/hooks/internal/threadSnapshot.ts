import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { ThreadSnapshot } from '../../provider/sendTypes'
import { linekitKeys } from '../../provider/keys'
import { cmp } from './reconcile'
import type { ThreadPage } from './threadPaging'

/**
 * What the loaded 1:1 threads with `phone` show at the moment of a send: every handle, and the
 * newest `created_at` (server clock). The send's record is one that is neither (see
 * `reconcileOptimistic`): the send response carries no handle (spec: Send-message response).
 */
export function snapshotThread(queryClient: QueryClient, phone: string): ThreadSnapshot {
  const knownHandles = new Set<string>()
  let serverFloor: string | undefined
  for (const [, data] of queryClient.getQueriesData<InfiniteData<ThreadPage>>({
    queryKey: linekitKeys.messages.threads(phone),
  })) {
    for (const page of data?.pages ?? []) {
      for (const m of page.messages) {
        knownHandles.add(m.message_handle)
        if (serverFloor === undefined || cmp(m.created_at, serverFloor) > 0) serverFloor = m.created_at
      }
    }
  }
  return serverFloor === undefined ? { knownHandles } : { knownHandles, serverFloor }
}
