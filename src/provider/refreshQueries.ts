import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * Marks the queries under `queryKey` stale and refetches the active ones, without cancelling a
 * fetch already under way. TanStack's default (`cancelRefetch: true`) would drop an older page the
 * user asked for ("Load older" did nothing when a live event came meanwhile): the refetch keeps
 * only the pages already loaded. A query that was fetching is refetched once that fetch settles,
 * so what the event announced still shows.
 */
export async function refreshQueries(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const busy = queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' })
  await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false })
  await Promise.all(
    busy.map((q) => queryClient.invalidateQueries({ queryKey: q.queryKey, exact: true }, { cancelRefetch: false })),
  )
}

/**
 * After the event stream was down (spec: Events rule 2 — no replay guarantee): refetches the active
 * queries under `queryKey` now, cancelling the fetches still under way. Those went out during the
 * outage, and on a silent network (sleep and wake, captive Wi-Fi) their connections stay open
 * carrying nothing until the client's own time limit, so waiting for them would hold the missed
 * messages back by up to that limit. A page of older messages being loaded then is asked again
 * with the refetch, which keeps every page already loaded.
 */
export async function catchUpQueries(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: true })
}
