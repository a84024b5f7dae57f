/**
 * `GET <prefix>/groups`: the groups the read model learned from the group sends this server
 * forwarded, with their members and name, so any browser of the user can show a group's title
 * and reply to the whole group, not only the browser that sent to it. A route of linekit/server,
 * not a proxied endpoint: the service lists no groups nor their members (spec: Message record
 * names a group only by its `chat…` identifier; only the group-send response lists
 * `recipients`), and nothing here calls the service (model/groupBook.ts).
 */
import { groupsQuerySchema } from '../../src/api/groups'
import type { GroupsResponse } from '../../src/api/groups'
import { json, messagingError } from '../internal/http'
import type { Scope } from '../internal/scope'
import { invalid, lineNotAllowed } from '../internal/scope'
import type { ReadModel } from '../model/createReadModel'

/** Creates the groups route handler; `model` undefined (`readModel: false`) answers 404. */
export function createGroupsRoute(model: ReadModel | undefined) {
  return async (url: URL, scope: Scope): Promise<Response> => {
    if (!model) {
      throw messagingError(
        404,
        'not_found',
        'This server keeps no groups',
        'Groups come from the read model; createLinekitServer was given readModel: false.',
      )
    }
    const values = url.searchParams.getAll('lineId')
    if (values.length > 1) throw invalid('lineId is repeated', 'Pass lineId once.')
    const parsed = groupsQuerySchema.safeParse(values[0] === undefined ? {} : { lineId: values[0] })
    if (!parsed.success) throw invalid('lineId: must be a line id (UUID)', 'Pass lineId (one of your lines), or none.')
    // The same line check as a proxied read: another user's line is refused before anything is read.
    const wanted = parsed.data.lineId?.toLowerCase()
    if (wanted !== undefined && !scope.lines.has(wanted)) throw lineNotAllowed()
    await model.ready()
    const visible = wanted !== undefined ? [wanted] : [...scope.lines]
    const body: GroupsResponse = {
      data: model.knownGroups(visible).map(({ chatId, lineId, participants, name }) => ({
        chatId,
        lineId,
        participants,
        name,
      })),
    }
    return json(body)
  }
}
