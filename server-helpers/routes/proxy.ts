/**
 * The API proxy route: `<prefix>/<service path>`, only the allowlisted endpoints
 * (internal/routes.ts), the key added server-side, every request kept within the user's lines,
 * every upstream call through the budget gate.
 */
import type { LinekitContext } from '../routeContext'
import { listingFor } from '../internal/accountLines'
import type { CsrfOptions } from '../internal/csrf'
import { isCsrfSafe } from '../internal/csrf'
import { LinekitHttpError, json, messagingError, parseJson, readBodyCapped } from '../internal/http'
import type { Learned } from '../internal/learned'
import type { MatchedRoute } from '../internal/routes'
import type { Scope, ScopeChecks } from '../internal/scope'
import { invalid, recordNotFound } from '../internal/scope'
import type { UpstreamAnswer } from '../internal/upstream'
import type { Priority } from '../gate/budgetGate'
import type { ReadModel } from '../model/createReadModel'
import { createCallStatusReads } from './callStatus'
import type { Body } from './proxyRequest'
import { createProxyRequestChecks } from './proxyRequest'
import { createTypingCoalescer } from './typing'

/** What the proxy route needs besides the context. */
interface ProxyDeps {
  scopes: ScopeChecks
  learned: Learned
  /** The read model, when the server keeps one (readModel.ts). */
  model?: ReadModel | undefined
  /** Asks the model's reconciler to list the newest messages soon (a user's own send). */
  listSoon?: (() => void) | undefined
  /** How long one call-status answer serves every read of that call (callStatus.ts). */
  callStatusMaxAgeMs: number
  /** At most one typing indicator per thread per this interval goes upstream (typing.ts). */
  typingIntervalMs: number
}

/**
 * Reads of a list the user waits for; the availability check is a read sent as a POST. A typing
 * indicator ranks with reads: it is the cheapest request to drop, so it never takes the slots
 * kept for sends nor goes out before a send waiting with it.
 */
function priorityOf(matched: MatchedRoute): Priority {
  const { method, path } = matched.route
  return method === 'GET' || path === '/api-check-native-availability' || path === '/send-typing-indicator'
    ? 'read'
    : 'action'
}

const isOk = (answer: UpstreamAnswer) => answer.status >= 200 && answer.status < 300

/** Routes about one message, call or run, named by its id. */
const byId = new Set(['responseLine', 'messageLookup', 'call', 'run'])

const unreadable = () =>
  messagingError(502, 'upstream_unavailable', 'The service answered with an unreadable body', 'Retry later.')

/** Creates the proxy route handler. */
export function createProxyRoute(ctx: LinekitContext, deps: ProxyDeps) {
  const { scopes, learned, model, listSoon } = deps
  const checks = createProxyRequestChecks(ctx, scopes, learned, model)
  const callStatus = createCallStatusReads(ctx, model, deps.callStatusMaxAgeMs)
  const typing = createTypingCoalescer(ctx, deps.typingIntervalMs)

  /**
   * The messages and call-log lists from the read model when it covers the query exactly (the
   * query already limited to the user's lines); undefined sends the read upstream.
   */
  const fromModel = (path: string, query: string, scope: Scope): Response | undefined => {
    if (!model) return undefined
    const params = new URLSearchParams(query.slice(1))
    // The model keeps line ids as the service wrote them; the user's come in any case.
    const visible = [...new Set([...scope.lines, ...scope.user.lineIds])]
    const answer =
      path === '/get-messages-api'
        ? model.queryMessages(params, visible)
        : path === '/get-call-logs-api'
          ? model.queryCallLogs(params, visible)
          : undefined
    return answer && json(answer)
  }

  /**
   * `GET /get-lines` from the account-lines cache, which every scope check reads anyway: the
   * listing costs one upstream read per `linesCacheMs` however many pages open. Filtered to the
   * user's lines, a trial descriptor's `lines` too.
   */
  const listLines = async (scope: Scope): Promise<Response> => {
    let listing: unknown
    try {
      listing = (await scopes.listing()).body
    } catch (error) {
      if (error instanceof LinekitHttpError) throw error
      throw unreadable()
    }
    return json(listingFor(listing, scope.lines))
  }

  const readJsonBody = async (request: Request): Promise<Body> => {
    const text = await readBodyCapped(request, ctx.maxBodyBytes)
    if (text.trim() === '') return {}
    const parsed = parseJson(text)
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw invalid(
        parsed === undefined ? 'The body is not valid JSON' : 'The body must be a JSON object',
        'Send a JSON object with Content-Type: application/json.',
      )
    }
    return parsed as Body
  }

  /**
   * spec: group send 409 — "group already exists on a different line (body also carries
   * `devicePhoneNumber`)". When that line is not one of the user's, its number and the group id
   * are someone else's: drop them (the error and code stay).
   */
  const groupConflict = (answer: UpstreamAnswer, scope: Scope): Response => {
    const body = parseJson(answer.text) as Record<string, unknown> | null | undefined
    if (!body || typeof body !== 'object' || typeof body.devicePhoneNumber !== 'string') return ctx.relay(answer)
    const lineId = learned.lineOfNumber(body.devicePhoneNumber)
    if (lineId !== null && scope.lines.has(lineId)) return ctx.relay(answer)
    const { devicePhoneNumber: _number, groupId: _group, ...rest } = body
    const hint = 'The group already exists on a line you cannot use; ask its owner, or change the recipients.'
    return ctx.relay(answer, JSON.stringify({ ...rest, hint }))
  }

  /**
   * The service sends no webhook for outbound dialer calls (spec: Events), so after a user's own
   * call starts or ends the model's newest call-log page is out of date: it is dropped, and
   * call-log reads go upstream until the reconciler lists the page again.
   */
  const forgetCallLogs = () => {
    if (model) ctx.track(model.applyCallLogs([], false))
  }

  /** Filters the answer to the user's lines and learns what it shows (internal/learned.ts). */
  const answerFor = (matched: MatchedRoute, answer: UpstreamAnswer, scope: Scope, body: Body | undefined) => {
    const { route } = matched
    if (answer.status === 409 && route.path === '/send-group-message') return groupConflict(answer, scope)
    // The service's "no such message, call or run" reads exactly as another user's one does.
    if (answer.status === 404 && byId.has(route.policy.kind)) throw recordNotFound()
    if (!isOk(answer)) return ctx.relay(answer)
    const parsed = parseJson(answer.text)
    const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined
    if (parsed === undefined && route.path === '/get-message-api/:message_handle') {
      throw unreadable()
    }
    switch (route.path) {
      case '/get-message-api/:message_handle': {
        const line = record?.line_id
        // Another user's message is "not found", not "forbidden": no existence oracle.
        if (typeof line !== 'string' || !scope.lines.has(line.toLowerCase())) throw recordNotFound()
        learned.learnFromRecords(record)
        break
      }
      case '/get-messages-api':
      case '/get-call-logs-api':
        learned.learnFromRecords(record)
        break
      case '/send-api-message':
        // A first-time send's answer proves its line's number; a replay's does not (learned.ts).
        if (learned.learnFromSend(record, body?.lineId) && model)
          ctx.track(model.learnLineNumber(String(record?.devicePhoneNumber), String(body?.lineId)))
        // The sender's thread waits for the listed record (its handle and delivery status).
        listSoon?.()
        break
      case '/send-group-message':
        // spec: Group-send response — no replay marker, and a replay answers with the earlier
        // send's data: its `devicePhoneNumber` proves nothing about the line this request named.
        listSoon?.()
        break
      case '/start-audiocall-call-api':
        if (learned.learnCall(record?.call_uuid, body?.pb_line_id) && model)
          ctx.track(model.learnCallLine(String(record?.call_uuid), String(body?.pb_line_id)))
        forgetCallLogs()
        break
      case '/end-audiocall-call-api':
        callStatus.forget(body?.call_uuid)
        forgetCallLogs()
        break
      case '/answer-audiocall-call-api':
      case '/decline-audiocall-call-api':
        callStatus.forget(body?.call_uuid)
        break
      case '/enroll-flow':
        // spec: enrolment response — `{ success, runId, status, currentNodeId, pb_line_id }`.
        learned.learnRun(record?.runId, typeof record?.pb_line_id === 'string' ? record.pb_line_id : body?.pb_line_id)
        break
    }
    return ctx.relay(answer)
  }

  return async (request: Request, matched: MatchedRoute, url: URL, scope: Scope): Promise<Response> => {
    const { route } = matched
    let body: Body | undefined
    let query = ''
    if (route.method === 'POST') {
      body = await readJsonBody(request)
      await checks.checkBody(route.policy, body, scope, request.signal)
      if (route.path === '/send-api-message' || route.path === '/send-group-message')
        checks.scopeIdempotencyKey(body, scope)
      // Noted before the send goes upstream: its webhooks may come before its answer.
      if (model && route.path === '/send-group-message' && Array.isArray(body.numbers)) {
        const numbers = body.numbers.filter((n): n is string => typeof n === 'string')
        await model.noteGroupSend(numbers, typeof body.message === 'string' ? body.message : '')
      }
    } else {
      if (route.path === '/get-lines') return listLines(scope)
      query = await checks.buildQuery(route, url.searchParams, scope)
      if (route.path === '/get-audiocall-call-status-api') {
        const upstreamUrl = `${ctx.baseUrl}${matched.upstreamPath}${query}`
        return callStatus.read(url.searchParams.get('call_uuid') ?? '', upstreamUrl, request.signal)
      }
      const held = fromModel(route.path, query, scope)
      if (held) return held
    }
    const call = {
      method: route.method,
      url: `${ctx.baseUrl}${matched.upstreamPath}${query}`,
      ...(body ? { body: JSON.stringify(body) } : {}),
    }
    const user = scope.user.userId
    const answer =
      route.path === '/send-typing-indicator' && body
        ? // Shared by every request of the thread within the interval: no one browser's signal.
          await typing.send(user, body.lineId, body.phoneNumber, () =>
            ctx.upstream(call, { priority: priorityOf(matched), user }),
          )
        : await ctx.upstream(call, { priority: priorityOf(matched), signal: request.signal, user })
    return answerFor(matched, answer, scope, body)
  }
}

/** Refuses a state-changing request that is not provably same-site. */
export function checkCsrf(request: Request, csrf: CsrfOptions): void {
  if (isCsrfSafe(request, csrf)) return
  throw messagingError(
    403,
    'csrf_failed',
    'Cross-site request refused',
    `Send the ${csrf.header} header (the linekit client does), or call from an allowed origin.`,
  )
}
