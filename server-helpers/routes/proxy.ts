/**
 * The API proxy route: `<prefix>/<service path>`, only the allowlisted endpoints
 * (internal/proxyRoutes.ts), the key added server-side, every request kept within the user's lines,
 * every upstream call through the budget gate.
 */
import type { EndpointId, InvalidatedRead } from '../../src/api/endpoints'
import { jsonNestsDeeper, MAX_JSON_DEPTH } from '../../src/api/jsonDepth'
import type { LinekitContext } from '../routeContext'
import { listingFor } from '../internal/accountLines'
import type { CsrfOptions } from '../internal/csrf'
import { isCsrfSafe } from '../internal/csrf'
import { LinekitHttpError, json, messagingError, parseJson, readBodyCapped } from '../internal/http'
import type { Learned } from '../internal/learned'
import type { LinePolicy, MatchedRoute } from '../internal/proxyRoutes'
import type { Scope, ScopeChecks } from '../internal/scope'
import { invalid, recordNotFound } from '../internal/scope'
import type { UpstreamAnswer } from '../internal/upstream'
import type { Priority } from '../gate/budgetGate'
import type { ReadModel } from '../model/createReadModel'
import { createCallStatusReads } from './callStatus'
import type { Body } from './proxyRequest'
import { createProxyRequestChecks } from './proxyRequest'
import { createTypingCoalescer } from './typing'
import { groupMembersOf } from '../model/groupBook'

/** What the proxy route needs besides the context. */
interface ProxyDeps {
  scopes: ScopeChecks
  learned: Learned
  /** The read model, when the server keeps one (model/createReadModel.ts). */
  model?: ReadModel | undefined
  /** Asks the model's reconciler to list the newest messages soon (a user's own send). */
  listSoon?: (() => void) | undefined
  /** How long one call-status answer serves every read of that call (callStatus.ts). */
  callStatusMaxAgeMs: number
  /** At most one typing indicator per thread per this interval goes upstream (typing.ts). */
  typingIntervalMs: number
}

const isOk = (answer: UpstreamAnswer) => answer.status >= 200 && answer.status < 300

/** Line policies of routes about one message, call or run, named by its id. */
const byId = new Set<LinePolicy['in']>(['response', 'message', 'call', 'run'])

const unreadable = () =>
  messagingError(502, 'upstream_unavailable', 'The service answered with an unreadable body', 'Retry later.')

/** A request on its way through the proxy, as an endpoint's hooks see it. */
interface Exchange {
  matched: MatchedRoute
  scope: Scope
  /** The POST body, checked against the route's line policy. */
  body: Body | undefined
  /** The query forwarded upstream (GET), checked the same way, with its `?`. */
  query: string
  request: Request
  url: URL
}

/** A 2xx answer of the service, parsed when it is JSON. */
interface Answered extends Exchange {
  parsed: unknown
  record: Record<string, unknown> | undefined
}

/**
 * What the proxy does for one endpoint beyond checking, forwarding and relaying (every hook is
 * optional):
 * - `priority`: `read` for a request the budget gate may rank with reads (GETs always are);
 * - `answer`: answers from what the server holds; `undefined` sends the request upstream;
 * - `beforeUpstream`: runs after the checks, before the request goes upstream;
 * - `upstream`: sends the request upstream in place of the one shared path;
 * - `refused`: rewrites a non-2xx answer; `undefined` relays it;
 * - `answered`: after a 2xx answer — what the server learns from it, the read model's updates.
 */
interface EndpointHooks {
  priority?: Priority
  answer?: (x: Exchange) => Response | Promise<Response> | undefined
  beforeUpstream?: (x: Exchange) => Promise<void>
  upstream?: (
    x: Exchange,
    send: (signal: AbortSignal | undefined) => Promise<UpstreamAnswer>,
  ) => Promise<UpstreamAnswer>
  refused?: (answer: UpstreamAnswer, x: Exchange) => Response | undefined
  answered?: (x: Answered) => void
}

/** Creates the proxy route handler. */
export function createProxyRoute(ctx: LinekitContext, deps: ProxyDeps) {
  const { scopes, learned, model, listSoon } = deps
  const checks = createProxyRequestChecks(ctx, scopes, learned, model)
  const callStatus = createCallStatusReads(ctx, model, deps.callStatusMaxAgeMs)
  const typing = createTypingCoalescer(ctx, deps.typingIntervalMs)

  /**
   * A list from the read model when it covers the query exactly (the query already limited to the
   * user's lines); undefined sends the read upstream.
   */
  const fromModel =
    (read: (model: ReadModel, params: URLSearchParams, visible: string[]) => object | undefined) =>
    ({ query, scope }: Exchange): Response | undefined => {
      if (!model) return undefined
      // The model keeps line ids as the service wrote them; the user's come in any case.
      const visible = [...new Set([...scope.lines, ...scope.user.lineIds])]
      const answer = read(model, new URLSearchParams(query.slice(1)), visible)
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
    // spec: Errors — 400 for a malformed body; deeper structure would overflow the stack of
    // whatever walks it (the JSON.stringify of the upstream call): a 500.
    if (jsonNestsDeeper(text))
      throw invalid(
        `The body nests deeper than ${MAX_JSON_DEPTH} levels`,
        'Send a flat JSON object: customFields is a flat object of strings.',
      )
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
   * spec: enrolment 409 — "an active run already exists for this contact in this flow". Runs are
   * the account's, not a line's: the run may be another line's. Then only the refusal itself
   * crosses lines (this contact has an active run of this flow somewhere in the account); its
   * run id, line and step are dropped (server-helpers/README.md, What crosses lines).
   */
  const enrolmentConflict = (answer: UpstreamAnswer, scope: Scope): Response => {
    const body = parseJson(answer.text) as Record<string, unknown> | null | undefined
    if (!body || typeof body !== 'object') return ctx.relay(answer)
    const line = typeof body.pb_line_id === 'string' ? body.pb_line_id.toLowerCase() : null
    const run = typeof body.runId === 'number' ? learned.lineOfRun(body.runId) : null
    if ((line !== null && scope.lines.has(line)) || (run !== null && scope.lines.has(run))) return ctx.relay(answer)
    const error =
      typeof body.error === 'string' ? body.error : 'An active run already exists for this contact in this flow'
    const hint = 'The contact is already in this flow on a line you cannot use; ask its owner.'
    return ctx.relay(
      answer,
      JSON.stringify({ error, code: typeof body.code === 'string' ? body.code : 'conflict', hint }),
    )
  }

  /**
   * How the read model drops each read an action's answer leaves out of date (the route's
   * `invalidates`): reads of it go upstream until the reconciler lists it again. The page's query
   * cache drops the same reads (hooks/mutationOptions.ts); both are needed, as each serves them.
   */
  const forget: Record<InvalidatedRead, () => void> = {
    // The newest call-log page, the only one the model keeps.
    getCallLogs: () => {
      if (model) ctx.track(model.applyCallLogs([], false))
    },
  }

  /** Every endpoint's own part of the proxy, keyed by endpoint id. */
  const hooks: Partial<Record<EndpointId, EndpointHooks>> = {
    getMessages: {
      answer: fromModel((m, params, visible) => m.queryMessages(params, visible)),
      answered: ({ record }) => learned.learnFromRecords(record),
    },
    getCallLogs: {
      answer: fromModel((m, params, visible) => m.queryCallLogs(params, visible)),
      answered: ({ record }) => learned.learnFromRecords(record),
    },
    getMessage: {
      answered: ({ parsed, record, scope }) => {
        if (parsed === undefined) throw unreadable()
        const line = record?.line_id
        // Another user's message is "not found", not "forbidden": no existence oracle.
        if (typeof line !== 'string' || !scope.lines.has(line.toLowerCase())) throw recordNotFound()
        learned.learnFromRecords(record)
      },
    },
    getLines: { answer: ({ scope }) => listLines(scope) },
    getCallStatus: {
      answer: ({ matched, query, url, request, scope }) =>
        callStatus.read(
          url.searchParams.get('call_uuid') ?? '',
          `${ctx.baseUrl}${matched.upstreamPath}${query}`,
          request.signal,
          scope.user.userId,
        ),
    },
    // The availability check is a read sent as a POST.
    checkAvailability: { priority: 'read' },
    sendMessage: {
      answered: ({ record, body }) => {
        // A first-time send's answer proves its line's number; a replay's does not (learned.ts).
        if (learned.learnFromSend(record, body?.lineId) && model)
          ctx.track(model.learnLineNumber(String(record?.devicePhoneNumber), String(body?.lineId)))
        // The sender's thread waits for the listed record (its handle and delivery status).
        listSoon?.()
      },
    },
    sendGroupMessage: {
      // Noted before the send goes upstream: its webhooks may come before its answer.
      beforeUpstream: async ({ body }) => {
        if (!model || !body || !Array.isArray(body.numbers)) return
        const numbers = body.numbers.filter((n): n is string => typeof n === 'string')
        await model.noteGroupSend(numbers, typeof body.message === 'string' ? body.message : '')
      },
      refused: (answer, { scope }) => (answer.status === 409 ? groupConflict(answer, scope) : undefined),
      // spec: Group-send response — no replay marker, and a replay answers with the earlier
      // send's data: its `devicePhoneNumber` proves nothing about the line this request named.
      // Its `recipients` teach the group's members only when they are this request's own numbers
      // (groupMembersOf), so a replayed answer cannot teach another send's group.
      answered: ({ record, body }) => {
        const members = model && body ? groupMembersOf(body, record) : null
        if (members) {
          // spec: groupName is honored only when the group is created.
          const name = record?.created === true && typeof body?.groupName === 'string' ? body.groupName : null
          ctx.track(model!.noteGroupAnswer(members, typeof body?.message === 'string' ? body.message : '', name))
        }
        listSoon?.()
      },
    },
    sendTyping: {
      // The cheapest request to drop: it never takes the slots kept for sends nor goes out
      // before a send waiting with it.
      priority: 'read',
      // Shared by every request of the thread within the interval: no one browser's signal.
      upstream: ({ body, scope }, send) =>
        typing.send(scope.user.userId, body?.lineId, body?.phoneNumber, () => send(undefined)),
    },
    startCall: {
      answered: ({ record, body }) => {
        if (learned.learnCall(record?.call_uuid, body?.pb_line_id) && model)
          ctx.track(model.learnCallLine(String(record?.call_uuid), String(body?.pb_line_id)))
      },
    },
    endCall: { answered: ({ body }) => callStatus.forget(body?.call_uuid) },
    answerCall: { answered: ({ body }) => callStatus.forget(body?.call_uuid) },
    declineCall: { answered: ({ body }) => callStatus.forget(body?.call_uuid) },
    enrollFlow: {
      refused: (answer, { scope }) => (answer.status === 409 ? enrolmentConflict(answer, scope) : undefined),
      // spec: enrolment response — `{ success, runId, status, currentNodeId, pb_line_id }`.
      answered: ({ record, body }) =>
        learned.learnRun(record?.runId, typeof record?.pb_line_id === 'string' ? record.pb_line_id : body?.pb_line_id),
    },
  }

  /** Relays the answer, filtered to the user's lines, after the endpoint's hooks. */
  const answerFor = (x: Exchange, answer: UpstreamAnswer, own: EndpointHooks | undefined): Response => {
    if (!isOk(answer)) {
      const rewritten = own?.refused?.(answer, x)
      if (rewritten) return rewritten
      // The service's "no such message, call or run" reads exactly as another user's one does.
      if (answer.status === 404 && byId.has(x.matched.route.line.in)) throw recordNotFound()
      return ctx.relay(answer)
    }
    if (own?.answered) {
      const parsed = parseJson(answer.text)
      const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined
      own.answered({ ...x, parsed, record })
    }
    for (const read of x.matched.route.invalidates ?? []) forget[read]()
    return ctx.relay(answer)
  }

  return async (request: Request, matched: MatchedRoute, url: URL, scope: Scope): Promise<Response> => {
    const { route } = matched
    const own = hooks[route.id]
    let body: Body | undefined
    let query = ''
    if (route.method === 'POST') {
      body = await readJsonBody(request)
      await checks.checkBody(route.line, body, scope, request.signal)
      if (route.idempotencyKey) checks.scopeIdempotencyKey(body, scope)
    } else {
      query = await checks.buildQuery(route, url.searchParams, scope)
    }
    const x: Exchange = { matched, scope, body, query, request, url }
    const held = await own?.answer?.(x)
    if (held) return held
    await own?.beforeUpstream?.(x)
    const call = {
      method: route.method,
      url: `${ctx.baseUrl}${matched.upstreamPath}${query}`,
      ...(body ? { body: JSON.stringify(body) } : {}),
    }
    const user = scope.user.userId
    const priority = route.method === 'GET' ? 'read' : (own?.priority ?? 'action')
    const send = (signal: AbortSignal | undefined) =>
      ctx.upstream(call, { priority, user, ...(signal ? { signal } : {}) })
    const answer = own?.upstream ? await own.upstream(x, send) : await send(request.signal)
    return answerFor(x, answer, own)
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
