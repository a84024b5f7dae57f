/**
 * `GET <prefix>/search?q=`: the user's messages whose text contains a phrase, from the read
 * model, newest first. A route of linekit/server, not a proxied endpoint: the service has no
 * search (spec: Endpoints), and nothing here calls it, so a search never spends the key's budget.
 * The answer says where the model's window starts (`since`), so a page can say what was not searched.
 */
import type { MessageSearchResponse } from '../../src/api/search'
import { messageSearchQuerySchema } from '../../src/api/search'
import { json, messagingError } from '../internal/http'
import type { Scope } from '../internal/scope'
import { invalid, lineNotAllowed } from '../internal/scope'
import type { ReadModel } from '../model/createReadModel'

/** Messages in one answer when the query names no `limit`. */
const DEFAULT_LIMIT = 20

/** Creates the search route handler; `model` undefined (`readModel: false`) answers 404. */
export function createSearchRoute(model: ReadModel | undefined) {
  return async (url: URL, scope: Scope): Promise<Response> => {
    if (!model) {
      throw messagingError(
        404,
        'not_found',
        'This server keeps no messages to search',
        'Search reads the read model; createLinekitServer was given readModel: false.',
      )
    }
    const raw: Record<string, string> = {}
    for (const name of ['q', 'lineId', 'limit'] as const) {
      const values = url.searchParams.getAll(name)
      if (values.length > 1) throw invalid(`${name} is repeated`, `Pass ${name} once.`)
      if (values[0] !== undefined) raw[name] = name === 'q' ? values[0].trim() : values[0]
    }
    const parsed = messageSearchQuerySchema.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw invalid(
        `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`,
        'Pass q (1 to 100 characters), and optionally lineId (one of your lines) and limit (1 to 50).',
      )
    }
    const { q, lineId, limit = DEFAULT_LIMIT } = parsed.data
    // The same line check as a proxied read: another user's line is refused before anything is read.
    const wanted = lineId?.toLowerCase()
    if (wanted !== undefined && !scope.lines.has(wanted)) throw lineNotAllowed()
    await model.ready()
    // The model keeps line ids as the service and the webhooks wrote them; the user's come in any case.
    const mine = wanted === undefined ? [...scope.lines] : [wanted]
    const known = new Set([...model.state.messages.byLine.keys(), ...scope.user.lineIds])
    const visible = [...known].filter((id) => mine.includes(id.toLowerCase()))
    const { records, more } = model.searchMessages(q.toLowerCase(), visible, limit)
    const coverage = model.coverage(visible)
    // Before the reconciler's first read the model holds only what webhooks brought since it started.
    const oldest = model.oldestHeld(visible)
    const since = coverage !== undefined ? coverage.since : new Date(oldest ?? model.now()).toISOString()
    const body: MessageSearchResponse = { data: records, more, since }
    return json(body)
  }
}
