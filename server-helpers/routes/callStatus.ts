/**
 * Call-status reads (`GET /get-audiocall-call-status-api`) at a cost bounded per call, whatever
 * the number of browsers polling it: every live dialer and every ringing banner polls, and each
 * read upstream spends the key's budget (spec: Limits — 60 requests per minute per key).
 *
 * - An inbound call whose terminal state the read model knows (the `audiocall.inbound.ended`
 *   webhook, or a terminal status the reconciler read) is answered from the model.
 * - Otherwise the service's answer (200 or 404) is kept for `maxAgeMs` and every read of the same
 *   call within it gets that answer; an audio-call event of the call, or a user's own answer,
 *   decline or end of it, drops it at once.
 *
 * The caller has already checked the call's line (proxyRequest.ts), so an answer kept here only
 * reaches users whose lines own the call.
 */
import type { LinekitContext } from '../routeContext'
import { BoundedMap } from '../internal/boundedMap'
import { json } from '../internal/http'
import { recordNotFound } from '../internal/scope'
import type { UpstreamAnswer } from '../internal/upstream'
import type { ReadModel } from '../model/createReadModel'

/** Calls whose answer is kept, and the most bytes of answers; past either the oldest is forgotten. */
export const CALL_STATUS_KEPT = { calls: 1000, bytes: 1024 * 1024 }

/** Creates the call-status reads of the proxy route. */
export function createCallStatusReads(ctx: LinekitContext, model: ReadModel | undefined, maxAgeMs: number) {
  // In write order, which is expiry order (every answer is kept for maxAgeMs).
  const kept = new BoundedMap<string, { at: number; answer: UpstreamAnswer }>(CALL_STATUS_KEPT.calls, {
    maxBytes: CALL_STATUS_KEPT.bytes,
    sizeOf: (entry) => entry.answer.text.length,
  })
  ctx.bus.subscribe((event) => {
    if (event.type !== 'message' && event.type !== 'message.record') kept.delete(event.data.call_uuid)
  })

  /**
   * spec: call status — "returns a `call_status`", the rest of the shape is not shown. The kit
   * reads only `call_status` (with the `call_uuid` it asked for); the other fields are what the
   * webhooks told, in the shape the mock assumes (src/api/ASSUMPTIONS.md), for callers that check it.
   */
  const fromModel = (callUuid: string): Response | undefined => {
    const call = model?.state.calls.calls.get(callUuid)
    // An end the model could only assume (the service no longer knows the call) is asked again.
    if (!call || call.state !== 'ended' || call.endStatus === null) return undefined
    return json({
      status: 'OK',
      call_uuid: call.callUuid,
      call_status: call.endStatus,
      direction: 'inbound',
      pb_line_id: call.lineId,
      from: call.from,
      to: call.linePhoneNumber,
      answeredAt: call.answeredAt,
      endedAt: call.endedAt,
    })
  }

  /** The service's answer; its "no such call" reads as another user's call does (no existence oracle). */
  const relay = (answer: UpstreamAnswer): Response =>
    answer.status === 404 ? recordNotFound().response : ctx.relay(answer)

  return {
    /**
     * Answers `user`'s read of `callUuid` whose line the caller has checked; `url` is the upstream
     * URL. A read that goes upstream counts toward the user's fair share like any other.
     */
    async read(callUuid: string, url: string, signal: AbortSignal, user: string): Promise<Response> {
      const known = fromModel(callUuid)
      if (known) return known
      const now = ctx.now()
      kept.dropOldestWhile((entry) => now - entry.at >= maxAgeMs)
      const held = kept.get(callUuid)
      if (held) return relay(held.answer)
      // Reads of one call in flight together already share one upstream call (routeContext.ts).
      const answer = await ctx.upstream({ method: 'GET', url }, { priority: 'read', signal, user })
      // A refusal (429, 5xx) is not an answer about the call: the next read asks again.
      if (answer.status === 200 || answer.status === 404) kept.set(callUuid, { at: ctx.now(), answer })
      return relay(answer)
    },
    /** The call changed through this server (answer, decline, end): the next read asks the service. */
    forget(callUuid: unknown): void {
      if (typeof callUuid === 'string') kept.delete(callUuid)
    },
    /** Calls whose answer is kept (tests read it). */
    get size(): number {
      return kept.size
    },
  }
}
