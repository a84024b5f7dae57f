/**
 * The request side of the proxy: the body's and query's line checks, and the sends' idempotency
 * keys. Each check throws a {@link LinekitHttpError} refusal before the service is called.
 */
import { endpointPath } from '../../src/api/endpoints'
import { getMessageRoute } from '../../src/api/endpoints/getMessageRoute'
import { callUuidSchema } from '../../src/api/schemas'
import type { LinekitContext } from '../routeContext'
import { createKeylessKeys } from '../internal/boundedKeys'
import { namespaceHash } from '../internal/hash'
import { handlePattern } from '../internal/proxyRoutes'
import type { LinePolicy, ProxyRoute } from '../internal/proxyRoutes'
import { LinekitHttpError, messagingError } from '../internal/http'
import type { Learned } from '../internal/learned'
import { normalizeNumber } from '../internal/learned'
import type { Scope, ScopeChecks } from '../internal/scope'
import type { ReadModel } from '../model/createReadModel'
import { invalid, lineNotAllowed, lineRequired, recordNotFound } from '../internal/scope'

export type Body = Record<string, unknown>

/** spec: Limits — de-duplication window of a send without idempotencyKey: 1 hour. */
const DEDUPE_WINDOW_MS = 60 * 60 * 1000

function stringField(body: Body, field: string): string | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw invalid(`${field} must be a string`, `Pass ${field} as a string.`)
  return value
}

/** The request-side checks of the proxy. */
export function createProxyRequestChecks(
  ctx: LinekitContext,
  scopes: ScopeChecks,
  learned: Learned,
  model: ReadModel | undefined,
) {
  /** A call's line, from what was learned; an unknown call is only for a user who may use every line. */
  const checkCall = async (callUuid: string | undefined | null, scope: Scope): Promise<void> => {
    // spec: answer and decline — 400 for an invalid or missing call_uuid (a blank one names no call).
    if (!callUuid || !callUuidSchema.safeParse(callUuid).success)
      throw invalid('call_uuid is required', 'Pass the call_uuid from the ringing event or the call start.')
    // The read model (shared through Redis by every instance) also knows calls other instances saw.
    const line = learned.lineOfCall(callUuid) ?? model?.lineIdForCall(callUuid)?.toLowerCase() ?? null
    if (line !== null) {
      // Another user's call is "not found", not "forbidden": no existence oracle.
      if (!scope.lines.has(line)) throw recordNotFound()
      return
    }
    if (!(await scopes.coversAccount(scope.lines))) throw recordNotFound()
  }

  /** Checks (and completes) a POST body against the route's line policy. */
  const checkBody = async (policy: LinePolicy, body: Body, scope: Scope, signal: AbortSignal): Promise<void> => {
    switch (policy.in) {
      case 'body': {
        const line = stringField(body, policy.field)
        if (line !== undefined) {
          if (!scope.lines.has(line.toLowerCase())) throw lineNotAllowed()
          return
        }
        if (policy.required) throw lineRequired(policy.field)
        const filled = await scopes.resolveOmittedLine(scope, policy.field)
        if (filled !== undefined) body[policy.field] = filled
        return
      }
      case 'call':
        return checkCall(stringField(body, 'call_uuid'), scope)
      case 'message': {
        const handle = stringField(body, 'messageHandle')
        if (!handle) throw invalid('messageHandle is required', 'Pass the message_handle of a received message.')
        // The handle becomes a path segment of the lookup: '.' or '..' would make the server
        // GET another path of the service with the key (spec: message_handle matches `pbm_…`).
        if (!handlePattern.test(handle))
          throw invalid(
            'messageHandle is not a message handle',
            'Pass the message_handle (pbm_…) of a received message.',
          )
        // spec: message record — `line_id` is shown. The lookup is part of the user's action.
        const answer = await ctx.upstream(
          {
            method: getMessageRoute.method,
            url: `${ctx.baseUrl}${endpointPath(getMessageRoute, { message_handle: handle })}`,
          },
          { priority: 'action', signal, user: scope.user.userId },
        )
        if (answer.status === 404) throw recordNotFound()
        if (answer.status < 200 || answer.status >= 300) throw new LinekitHttpError(ctx.relay(answer))
        let line: unknown
        try {
          line = (JSON.parse(answer.text) as { line_id?: unknown }).line_id
        } catch {
          line = undefined
        }
        if (typeof line !== 'string' || !scope.lines.has(line.toLowerCase())) throw recordNotFound()
        return
      }
      case 'run': {
        const runId = body.runId
        const known = typeof runId === 'number' ? learned.lineOfRun(runId) : null
        if (known !== null && scope.lines.has(known)) return
        // The service offers no way to read a run's line: only a user who may use every line
        // may cancel a run this server did not see enrolled. Another user's run gets the same
        // answer as such a run (no existence oracle).
        if (!(await scopes.coversAccount(scope.lines))) {
          throw messagingError(
            403,
            'forbidden',
            'This run cannot be verified as yours',
            'Cancel runs enrolled through this server, or ask an administrator.',
          )
        }
        return
      }
      default:
        return
    }
  }

  /** The query forwarded upstream: the route's own parameters only, the line checked or filled in. */
  const buildQuery = async (route: ProxyRoute, search: URLSearchParams, scope: Scope): Promise<string> => {
    const out = new URLSearchParams()
    for (const name of route.query ?? []) {
      const values = search.getAll(name)
      // A repeated parameter could be read differently here and upstream (first vs last).
      if (values.length > 1) throw invalid(`${name} is repeated`, `Pass ${name} once.`)
      if (values[0] !== undefined) out.set(name, values[0])
    }
    if (route.line.in === 'query') {
      const field = route.line.field
      const line = out.get(field)
      if (line !== null) {
        if (!scope.lines.has(line.toLowerCase())) throw lineNotAllowed()
      } else {
        // No fan-out across lines: it would break offset pagination.
        const filled = await scopes.resolveOmittedLine(scope, field)
        if (filled !== undefined) out.set(field, filled)
      }
    }
    if (route.line.in === 'call') await checkCall(out.get('call_uuid'), scope)
    const query = out.toString()
    return query ? `?${query}` : ''
  }

  /** Keys of this instance's keyless 1:1 sends, bounded per user and in users (boundedKeys.ts). */
  const keyless = createKeylessKeys(DEDUPE_WINDOW_MS)

  /**
   * Every user of the app shares the service's key, so they share its idempotency keys too
   * (spec: POST /send-api-message rule 2 — without a key, the key is the service user +
   * destination + text for one hour: two agents sending "Thanks!" to one customer within the
   * hour would see the second deduped, nothing sent). So a caller's own key is hashed with the
   * user id (the same user's retry still replays, another user's same key does not).
   *
   * A keyless 1:1 send gets the service's rule per app user: one key for the user, the
   * destination and the content from the first such send for a rolling hour (spec: Limits —
   * de-duplication window 1 hour), then a new one — not a clock-hour bucket, which would send a
   * duplicate twice across the hour's boundary. The keys live in this instance's memory; the
   * kit's browser code always sends its own key. Only a hash of the content is kept, and at most
   * KEYLESS_PER_USER per user (a retry of one of the user's last 100 distinct sends still replays). A keyless group send stays keyless: the contract
   * defines no default de-duplication for group sends, so none is invented.
   */
  const scopeIdempotencyKey = (body: Body, scope: Scope): void => {
    const key = body.idempotencyKey
    // spec: idempotencyKey — 1 to 200 characters; values outside are ignored by the service.
    if (typeof key === 'string' && key.length >= 1 && key.length <= 200) {
      body.idempotencyKey = `lku_${namespaceHash(`${scope.user.userId}\n${key}`)}`
      return
    }
    if (Array.isArray(body.numbers)) return
    const destination = typeof body.phone === 'string' ? normalizeNumber(body.phone) : ''
    const content = JSON.stringify([body.message, body.mediaAttachmentUrl, body.audioAttachmentUrl])
    body.idempotencyKey = keyless.keyFor(scope.user.userId, destination, content, ctx.now())
  }

  return { checkBody, buildQuery, scopeIdempotencyKey }
}
