/**
 * `createLinekitClient`: one typed method per endpoint of the service. With `schemas` (the
 * registry `endpointsById`), each method validates its input before sending (no request is made
 * for input the service would reject with 400) and parses the response; without, it sends and
 * returns the JSON as is, and the service (through linekit/server) is the one that checks. This
 * module imports no zod: a browser page that only talks to its own server carries no schema.
 */
import type * as z from 'zod/mini'
import { endpointTable } from './endpointTable'
import type { EndpointId, EndpointInfo, KitRouteId } from './endpointTable'
import { LinekitError, isRetrySafe, linekitErrorFromResponse } from './errors'
import type { InboundCallsQuery, InboundCallsResponse } from './inboundCalls'
import type { MessageSearchQuery, MessageSearchResponse } from './search'
import type {
  AnswerCallRequest,
  AnswerCallResponse,
  AvailabilityRequest,
  AvailabilityResponse,
  CallLogsListResponse,
  CallLogsQuery,
  CallStatusQuery,
  CallStatusResponse,
  CancelRunRequest,
  CancelRunResponse,
  ContactResponse,
  ContactsListResponse,
  ContactsQuery,
  CreateContactRequest,
  DeclineCallRequest,
  DeclineCallResponse,
  EffectsResponse,
  EndCallRequest,
  EndCallResponse,
  EnrollRequest,
  EnrollResponse,
  GroupSendRequest,
  GroupSendResponse,
  LinesResponse,
  MessageRecord,
  MessagesListResponse,
  MessagesQuery,
  ReactionRequest,
  ReactionResponse,
  SendMessageRequest,
  SendMessageResponse,
  StartCallRequest,
  StartCallResponse,
  TypingRequest,
  TypingResponse,
  UpdateContactRequest,
  VoiceTokenRequest,
  VoiceTokenResponse,
  WorkflowsResponse,
} from './schemas'

/** Options of {@link createLinekitClient}. */
export interface LinekitClientOptions {
  /**
   * Messaging API root: the service's `{base_url}` on a server, or the app's linekit/server
   * prefix in a browser (e.g. `/api/linekit`).
   */
  baseUrl: string
  /**
   * Voice-token mint host `{app_url}` (server-side use against the real service). When absent
   * the mint is `<baseUrl>/dialer/token` (the linekit/server route, ASSUMPTIONS.md).
   */
  appUrl?: string
  /** Fetch implementation. @default globalThis.fetch (looked up per call, so MSW can patch it) */
  fetch?: typeof fetch
  /** Headers for every request (e.g. `Authorization`); a function is called per request. */
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>)
  /** Abort a request (including reading its body) after this many ms. @default 30000 */
  timeoutMs?: number
  /**
   * Sent on every state-changing request so linekit/server's CSRF check passes for same-app
   * callers (a custom header cannot be set cross-site without a CORS preflight). `false` omits it.
   * @default { name: 'x-linekit-csrf', value: '1' }
   */
  csrfHeader?: { name: string; value: string } | false
  /**
   * Schemas to check every call against: pass `endpointsById` from `linekit/api` where nothing
   * else validates (a script or server talking to the service directly). A browser talking to
   * linekit/server can leave it out: the service answers bad input with a 400 the client turns
   * into a {@link LinekitError}, and the page carries no zod. @default undefined (no checks)
   */
  schemas?: { readonly [K in EndpointId | KitRouteId]?: EndpointSchemas }
}

/** What {@link createLinekitClient}'s request function needs to know of a route. */
type RouteInfo = Pick<EndpointInfo, 'method' | 'path' | 'idempotent' | 'errorShape'> & {
  id: EndpointId | KitRouteId
}

const kitRoutes: Record<KitRouteId, RouteInfo> = {
  listInboundCalls: {
    id: 'listInboundCalls',
    method: 'GET',
    path: '/calls/inbound',
    idempotent: true,
    errorShape: 'messaging',
  },
  searchMessages: {
    id: 'searchMessages',
    method: 'GET',
    path: '/search',
    idempotent: true,
    errorShape: 'messaging',
  },
}

/** The request and response schemas of one endpoint (an entry of `endpointsById`). */
export interface EndpointSchemas {
  /** The body (POST) or query (GET) schema. */
  readonly request?: z.ZodMiniType
  /** The 200 body schema. */
  readonly response: z.ZodMiniType
}

const infoById = {
  ...(Object.fromEntries(endpointTable.map((e): [EndpointId, EndpointInfo] => [e.id, e])) as Record<
    EndpointId,
    EndpointInfo
  >),
  ...kitRoutes,
}

/** Per-call options. */
export interface RequestOptions {
  /** Cancels the request; the rejection is the signal's abort reason, not a LinekitError. */
  signal?: AbortSignal
  /** Extra headers for this call. */
  headers?: HeadersInit
  /** Let the request outlive the page (`fetch`'s `keepalive`), e.g. ending a call on `pagehide`. @default false */
  keepalive?: boolean
}

/** Per-call options of the two send operations. */
export interface SendOptions extends RequestOptions {
  /**
   * Sets the body's `idempotencyKey` (1–200 characters; spec: the service ignores other
   * lengths). With a key, a failed send is `retrySafe`; without one it never is.
   */
  idempotencyKey?: string
}

/** The typed client: one method per endpoint (ids of `endpoints`). */
export interface LinekitClient {
  /** `POST /send-api-message`. */
  sendMessage(body: SendMessageRequest, options?: SendOptions): Promise<SendMessageResponse>
  /**
   * `POST /send-group-message`. The service normalizes the numbers to E.164 and de-duplicates
   * them (2–32 after that); a 400 names the number it could not read.
   */
  sendGroupMessage(body: GroupSendRequest, options?: SendOptions): Promise<GroupSendResponse>
  /** `GET /get-messages-api`. */
  getMessages(query?: MessagesQuery, options?: RequestOptions): Promise<MessagesListResponse>
  /** `GET /get-message-api/{message_handle}`. */
  getMessage(messageHandle: string, options?: RequestOptions): Promise<MessageRecord>
  /** `GET /get-lines`: an array, or a trial descriptor. */
  getLines(options?: RequestOptions): Promise<LinesResponse>
  /** `POST /api-check-native-availability`. */
  checkAvailability(body: AvailabilityRequest, options?: RequestOptions): Promise<AvailabilityResponse>
  /** `POST /create-external-contact` (upsert by phone; returns the contact before the merge). */
  createContact(body: CreateContactRequest, options?: RequestOptions): Promise<ContactResponse>
  /** `POST /update-external-contact`. @assumed (ASSUMPTIONS.md) */
  updateContact(body: UpdateContactRequest, options?: RequestOptions): Promise<ContactResponse>
  /** `GET /get-external-contacts`. @assumed (ASSUMPTIONS.md) */
  listContacts(query?: ContactsQuery, options?: RequestOptions): Promise<ContactsListResponse>
  /** `GET /get-flows`. @assumed (ASSUMPTIONS.md) */
  listWorkflows(options?: RequestOptions): Promise<WorkflowsResponse>
  /** `POST /enroll-flow`. */
  enrollFlow(body: EnrollRequest, options?: RequestOptions): Promise<EnrollResponse>
  /** `POST /cancel-flow-run`. @assumed (ASSUMPTIONS.md) */
  cancelRun(body: CancelRunRequest, options?: RequestOptions): Promise<CancelRunResponse>
  /** `GET /get-effects`. @assumed response shape (ASSUMPTIONS.md) */
  getEffects(options?: RequestOptions): Promise<EffectsResponse>
  /** `POST /send-typing-indicator`; `status: 'ERROR'` in a 200 must not be retried. */
  sendTyping(body: TypingRequest, options?: RequestOptions): Promise<TypingResponse>
  /** `POST /send-reaction`. */
  sendReaction(body: ReactionRequest, options?: RequestOptions): Promise<ReactionResponse>
  /** `POST /start-audiocall-call-api`. */
  startCall(body: StartCallRequest, options?: RequestOptions): Promise<StartCallResponse>
  /** `POST /answer-audiocall-call-api`. */
  answerCall(body: AnswerCallRequest, options?: RequestOptions): Promise<AnswerCallResponse>
  /** `POST /decline-audiocall-call-api`. */
  declineCall(body: DeclineCallRequest, options?: RequestOptions): Promise<DeclineCallResponse>
  /** `POST /end-audiocall-call-api`. @assumed method and payload (ASSUMPTIONS.md) */
  endCall(body: EndCallRequest, options?: RequestOptions): Promise<EndCallResponse>
  /** `GET /get-audiocall-call-status-api?call_uuid=`. @assumed (ASSUMPTIONS.md) */
  getCallStatus(query: CallStatusQuery, options?: RequestOptions): Promise<CallStatusResponse>
  /** `GET /get-call-logs-api`. */
  getCallLogs(query?: CallLogsQuery, options?: RequestOptions): Promise<CallLogsListResponse>
  /**
   * Voice-token mint: `POST <appUrl>/api/v1/dialer/token` when `appUrl` is set, else
   * `POST <baseUrl>/dialer/token` (the linekit/server route). Errors carry `sdkCode`.
   */
  mintVoiceToken(body: VoiceTokenRequest, options?: RequestOptions): Promise<VoiceTokenResponse>
  /**
   * `GET <baseUrl>/calls/inbound`: the user's recent inbound calls, newest first, from
   * linekit/server's read model (a route of linekit/server and of `linekit/mocks`; the service
   * itself has none). 404 when the server keeps no read model.
   */
  listInboundCalls(query?: InboundCallsQuery, options?: RequestOptions): Promise<InboundCallsResponse>
  /**
   * `GET <baseUrl>/search?q=`: the user's messages containing a phrase, newest first, from
   * linekit/server's read model (a route of linekit/server; the service has none), with where the
   * model's window starts (`since`). 404 when the server keeps no read model.
   */
  searchMessages(query: MessageSearchQuery, options?: RequestOptions): Promise<MessageSearchResponse>
}

const DEFAULT_TIMEOUT_MS = 30_000

const trimSlash = (s: string) => s.replace(/\/+$/, '')

/** Readable one-line summary of zod issues: `numbers: …; message: …`. */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ')
}

function invalidRequest(endpoint: EndpointId | KitRouteId, message: string, issues?: unknown): LinekitError {
  return new LinekitError({ status: 0, code: 'invalid_request', message, body: issues, endpoint, retrySafe: false })
}

function toQueryString(query: object | undefined): string {
  if (query === undefined) return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    params.append(key, String(value))
  }
  const s = params.toString()
  return s === '' ? '' : `?${s}`
}

/**
 * Create a client for the service (or for a linekit/server proxy).
 *
 * @example
 * const client = createLinekitClient({ baseUrl: '/api/linekit' })
 * const { data } = await client.getMessages({ limit: 50, direction: 'inbound' })
 */
export function createLinekitClient(options: LinekitClientOptions): LinekitClient {
  const baseUrl = trimSlash(options.baseUrl)
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS

  function urlFor(id: EndpointId | KitRouteId, path: string): string {
    if (id === 'mintVoiceToken') {
      return options.appUrl !== undefined ? `${trimSlash(options.appUrl)}${path}` : `${baseUrl}/dialer/token`
    }
    return `${baseUrl}${path}`
  }

  async function call(
    id: EndpointId | KitRouteId,
    input: { body?: unknown; query?: object; path?: string },
    requestOptions: RequestOptions | undefined,
    keyed = false,
  ): Promise<unknown> {
    const endpoint = infoById[id]
    const idempotent = endpoint.idempotent || keyed
    const url = urlFor(id, input.path ?? endpoint.path) + toQueryString(input.query)

    const headers = new Headers(typeof options.headers === 'function' ? await options.headers() : options.headers)
    new Headers(requestOptions?.headers).forEach((value, key) => headers.set(key, value))
    if (!headers.has('accept')) headers.set('accept', 'application/json')
    if (input.body !== undefined) headers.set('content-type', 'application/json')
    const csrf = options.csrfHeader ?? { name: 'x-linekit-csrf', value: '1' }
    if (csrf && endpoint.method !== 'GET' && !headers.has(csrf.name)) headers.set(csrf.name, csrf.value)

    // One controller for the caller's signal and the timeout; the timeout also covers the body.
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const userSignal = requestOptions?.signal
    const onAbort = () => controller.abort(userSignal?.reason)
    if (userSignal?.aborted) onAbort()
    else userSignal?.addEventListener('abort', onAbort, { once: true })

    const fail = (error: unknown): never => {
      if (userSignal?.aborted) throw userSignal.reason ?? error
      if (timedOut) {
        throw new LinekitError({
          status: 0,
          code: 'timeout',
          message: `${endpoint.method} ${endpoint.path} timed out after ${timeoutMs} ms`,
          retrySafe: isRetrySafe(0, 'timeout', { idempotent }),
          endpoint: id,
          cause: error,
        })
      }
      if (LinekitError.is(error)) throw error
      throw new LinekitError({
        status: 0,
        code: 'network_error',
        message: `${endpoint.method} ${endpoint.path} failed: ${error instanceof Error ? error.message : String(error)}`,
        retrySafe: isRetrySafe(0, 'network_error', { idempotent }),
        endpoint: id,
        cause: error,
      })
    }

    try {
      const fetchImpl = options.fetch ?? globalThis.fetch
      let response: Response
      try {
        response = await fetchImpl(url, {
          method: endpoint.method,
          headers,
          body: input.body === undefined ? undefined : JSON.stringify(input.body),
          signal: controller.signal,
          ...(requestOptions?.keepalive ? { keepalive: true } : {}),
        })
      } catch (error) {
        return fail(error)
      }

      if (!response.ok) {
        let error: LinekitError
        try {
          error = await linekitErrorFromResponse(response, {
            endpoint: id,
            errorShape: endpoint.errorShape,
            idempotent,
          })
        } catch (e) {
          return fail(e)
        }
        if (timedOut || userSignal?.aborted) return fail(error)
        throw error
      }

      let text: string
      try {
        text = await response.text()
      } catch (error) {
        return fail(error)
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        throw new LinekitError({
          status: response.status,
          code: 'invalid_response',
          message: `${endpoint.method} ${endpoint.path} answered ${response.status} without a JSON body`,
          body: text,
          endpoint: id,
        })
      }
      const schema = options.schemas?.[id]?.response
      if (schema === undefined) return json
      const parsed = schema.safeParse(json)
      if (!parsed.success) {
        throw new LinekitError({
          status: response.status,
          code: 'invalid_response',
          message: `${endpoint.method} ${endpoint.path} answered with an unexpected shape: ${describeIssues(parsed.error.issues)}`,
          body: json,
          endpoint: id,
        })
      }
      return parsed.data
    } finally {
      clearTimeout(timer)
      userSignal?.removeEventListener('abort', onAbort)
    }
  }

  /** Validate with the endpoint's request schema, if given; throws `invalid_request` before any fetch. */
  function validate(id: EndpointId | KitRouteId, input: unknown): void {
    const schema = options.schemas?.[id]?.request
    if (schema === undefined) return
    const result = schema.safeParse(input ?? {})
    if (!result.success) throw invalidRequest(id, describeIssues(result.error.issues), result.error.issues)
  }

  function post<T>(id: EndpointId) {
    return async (body: object, opts?: RequestOptions): Promise<T> => {
      validate(id, body)
      return (await call(id, { body }, opts)) as T
    }
  }
  function get<T>(id: EndpointId | KitRouteId) {
    return async (query?: object, opts?: RequestOptions): Promise<T> => {
      validate(id, query)
      return (await call(id, { query }, opts)) as T
    }
  }
  function getNoInput<T>(id: EndpointId) {
    return async (opts?: RequestOptions): Promise<T> => (await call(id, {}, opts)) as T
  }

  /** Puts the per-call key into the body, unless the body already has one. */
  function withKey<B extends { idempotencyKey?: string | undefined }>(body: B, opts?: SendOptions): B {
    return opts?.idempotencyKey !== undefined && body.idempotencyKey === undefined
      ? { ...body, idempotencyKey: opts.idempotencyKey }
      : body
  }
  // spec: idempotencyKey — 1 to 200 characters take effect; others are ignored by the service,
  // so only a key in bounds makes a retry safe.
  const keyed = (body: { idempotencyKey?: string | undefined }) =>
    typeof body.idempotencyKey === 'string' && body.idempotencyKey.length >= 1 && body.idempotencyKey.length <= 200

  return {
    async sendMessage(body, opts) {
      const b = withKey(body, opts)
      validate('sendMessage', b)
      return (await call('sendMessage', { body: b }, opts, keyed(b))) as SendMessageResponse
    },
    async sendGroupMessage(body, opts) {
      const b = withKey(body, opts)
      validate('sendGroupMessage', b)
      return (await call('sendGroupMessage', { body: b }, opts, keyed(b))) as GroupSendResponse
    },
    getMessages: get<MessagesListResponse>('getMessages'),
    async getMessage(messageHandle, opts) {
      // spec: message handles start with pbm_ (group handles are pbg_ and have no record route).
      if (typeof messageHandle !== 'string' || !/^pbm_./.test(messageHandle))
        throw invalidRequest('getMessage', 'message handle must start with pbm_')
      const path = `/get-message-api/${encodeURIComponent(messageHandle)}`
      return (await call('getMessage', { path }, opts)) as MessageRecord
    },
    getLines: getNoInput<LinesResponse>('getLines'),
    checkAvailability: post<AvailabilityResponse>('checkAvailability'),
    createContact: post<ContactResponse>('createContact'),
    updateContact: post<ContactResponse>('updateContact'),
    listContacts: get<ContactsListResponse>('listContacts'),
    listWorkflows: getNoInput<WorkflowsResponse>('listWorkflows'),
    enrollFlow: post<EnrollResponse>('enrollFlow'),
    cancelRun: post<CancelRunResponse>('cancelRun'),
    getEffects: getNoInput<EffectsResponse>('getEffects'),
    sendTyping: post<TypingResponse>('sendTyping'),
    sendReaction: post<ReactionResponse>('sendReaction'),
    startCall: post<StartCallResponse>('startCall'),
    answerCall: post<AnswerCallResponse>('answerCall'),
    declineCall: post<DeclineCallResponse>('declineCall'),
    endCall: post<EndCallResponse>('endCall'),
    getCallStatus: get<CallStatusResponse>('getCallStatus'),
    getCallLogs: get<CallLogsListResponse>('getCallLogs'),
    mintVoiceToken: post<VoiceTokenResponse>('mintVoiceToken'),
    listInboundCalls: get<InboundCallsResponse>('listInboundCalls'),
    searchMessages: get<MessageSearchResponse>('searchMessages'),
  }
}
