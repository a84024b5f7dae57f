'use client'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { LinekitError, type GroupItem, type LinekitClient } from '../../api'
import { linekitKeys } from '../../provider/keys'
import { groupRegistry, type KnownGroup } from './groupRegistry'

const isUnavailable = (error: unknown) => LinekitError.is(error) && error.status === 404

/**
 * What the kit knows of groups, by chat identifier: linekit/server's `GET <prefix>/groups` (the
 * members and name its read model learned from the group sends it forwarded, for every browser
 * of the user), over what this browser's own group sends taught it (`groupRegistry`, which covers
 * a send the server has not tied to its chat yet). The contract lists neither a group nor its
 * members (src/api/groups.ts), so a group no send of this server or browser reached stays unknown.
 * Loaded once, and again when `chatIds` holds one it does not know (a group created elsewhere).
 */
export function useKnownGroups(
  client: LinekitClient,
  chatIds: readonly string[],
): { groups: Readonly<Record<string, KnownGroup>>; settled: boolean } {
  const local = useSyncExternalStore(groupRegistry.subscribe, groupRegistry.snapshot, groupRegistry.snapshot)
  const query = useQuery({
    queryKey: linekitKeys.groups,
    queryFn: ({ signal }) => client.listGroups({}, { signal }),
    staleTime: 10_000,
    // A server without a read model answers 404: asking again would not change that.
    retry: (count, error) => !isUnavailable(error) && count < 2,
  })
  const groups = useMemo(() => {
    const out: Record<string, KnownGroup> = { ...local }
    for (const g of query.data?.data ?? []) out[g.chatId] = fromServer(g, local[g.chatId])
    return out
  }, [local, query.data])
  const missing = chatIds.filter((id) => groups[id] === undefined).join(',')
  const { refetch, isFetching, dataUpdatedAt } = query
  useEffect(() => {
    // A chat the answer did not hold may have been tied since: ask once more for each new set.
    if (missing === '' || isFetching || dataUpdatedAt === 0 || Date.now() - dataUpdatedAt < 1000) return
    void refetch()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per set of unknown chats
  }, [missing])
  return { groups, settled: query.isSuccess || query.isError }
}

/** The server's record of a group; a name only this browser knows stays. */
function fromServer(g: GroupItem, local: KnownGroup | undefined): KnownGroup {
  const name = g.name ?? local?.name
  return { participants: g.participants, lineId: g.lineId, ...(name ? { name } : {}) }
}
