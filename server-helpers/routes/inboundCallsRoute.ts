/**
 * `GET <prefix>/calls/inbound`: the user's recent inbound calls from the read model (kept from
 * the audio-call webhooks and the reconciler's call-status polls), newest first, so a page that
 * opens after a call rang — a reload, a second tab — still shows it. A route of linekit/server,
 * not a proxied endpoint: the service has no list of inbound calls (spec: Audio-call events are
 * its only record of them), and nothing here calls the service.
 */
import type { InboundCallItem, InboundCallsResponse } from '../../src/api/inboundCalls'
import { inboundCallsQuerySchema } from '../../src/api/inboundCalls'
import { json, messagingError } from '../internal/http'
import type { Scope } from '../internal/scope'
import { invalid, lineNotAllowed } from '../internal/scope'
import type { ReadModel } from '../model/createReadModel'
import type { InboundCall } from '../model/modelTypes'

/** Calls in one answer when the query names no `limit`. */
const DEFAULT_LIMIT = 50

const toItem = (call: InboundCall): InboundCallItem => ({
  call_uuid: call.callUuid,
  pb_line_id: call.lineId,
  from: call.from,
  linePhoneNumber: call.linePhoneNumber,
  state: call.state,
  status: call.endStatus,
  ringingAt: call.ringingAt,
  answeredAt: call.answeredAt,
  endedAt: call.endedAt,
})

/** Creates the inbound-calls route handler; `model` undefined (`readModel: false`) answers 404. */
export function createInboundCallsRoute(model: ReadModel | undefined) {
  return async (url: URL, scope: Scope): Promise<Response> => {
    if (!model) {
      throw messagingError(
        404,
        'not_found',
        'This server keeps no inbound call history',
        'The history comes from the read model; createLinekitServer was given readModel: false.',
      )
    }
    const raw: Record<string, string> = {}
    for (const name of ['lineId', 'limit'] as const) {
      const values = url.searchParams.getAll(name)
      if (values.length > 1) throw invalid(`${name} is repeated`, `Pass ${name} once.`)
      if (values[0] !== undefined) raw[name] = values[0]
    }
    const parsed = inboundCallsQuerySchema.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw invalid(
        `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`,
        'Pass lineId (one of your lines) and limit (1 to 100), or neither.',
      )
    }
    const { lineId, limit = DEFAULT_LIMIT } = parsed.data
    // The same line check as a proxied read: another user's line is refused before anything is read.
    const wanted = lineId?.toLowerCase()
    if (wanted !== undefined && !scope.lines.has(wanted)) throw lineNotAllowed()
    await model.ready()
    // The model keeps line ids as the webhooks wrote them; the user's come in any case.
    const visible = [
      ...new Set([...scope.lines, ...[...scope.lines].map((id) => id.toUpperCase()), ...scope.user.lineIds]),
    ]
    const calls = model
      .recentInboundCalls(visible)
      .filter((call) => scope.lines.has(call.lineId.toLowerCase()))
      .filter((call) => wanted === undefined || call.lineId.toLowerCase() === wanted)
      .slice(0, limit)
    const body: InboundCallsResponse = { data: calls.map(toItem) }
    return json(body)
  }
}
