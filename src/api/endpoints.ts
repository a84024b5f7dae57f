/**
 * The endpoint registry: one entry per operation of the service, the table of `endpointTable.ts`
 * with its request and response schemas. The client calls through it, `scripts/openapi.ts`
 * generates `openapi.json` from it and the mock routes by it; the server proxy checks its
 * allowlist against the schema-free table.
 */
import type * as z from 'zod/mini'
import {
  answerCallRequestSchema,
  answerCallResponseSchema,
  availabilityRequestSchema,
  availabilityResponseSchema,
  callLogsListResponseSchema,
  callLogsQuerySchema,
  callStatusQuerySchema,
  callStatusResponseSchema,
  cancelRunRequestSchema,
  cancelRunResponseSchema,
  contactResponseSchema,
  contactsListResponseSchema,
  contactsQuerySchema,
  createContactRequestSchema,
  declineCallRequestSchema,
  declineCallResponseSchema,
  effectsResponseSchema,
  endCallRequestSchema,
  endCallResponseSchema,
  enrollRequestSchema,
  enrollResponseSchema,
  groupSendRequestSchema,
  groupSendResponseSchema,
  linesResponseSchema,
  messageRecordSchema,
  messagesListResponseSchema,
  messagesQuerySchema,
  reactionRequestSchema,
  reactionResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  startCallRequestSchema,
  startCallResponseSchema,
  typingRequestSchema,
  typingResponseSchema,
  updateContactRequestSchema,
  voiceTokenRequestSchema,
  voiceTokenResponseSchema,
  workflowsResponseSchema,
} from './schemas'
import { endpointTable } from './endpointTable'
import type { EndpointId, EndpointInfo } from './endpointTable'

export type { EndpointId }

/** One operation of the service with its schemas. */
export interface Endpoint extends EndpointInfo {
  /** The body (POST) or query (GET) schema. */
  request?: z.ZodMiniType
  /** The 200 body schema. */
  response: z.ZodMiniType
}

const schemasById = {
  sendMessage: { request: sendMessageRequestSchema, response: sendMessageResponseSchema },
  sendGroupMessage: { request: groupSendRequestSchema, response: groupSendResponseSchema },
  getMessages: { request: messagesQuerySchema, response: messagesListResponseSchema },
  getMessage: { response: messageRecordSchema },
  getLines: { response: linesResponseSchema },
  checkAvailability: { request: availabilityRequestSchema, response: availabilityResponseSchema },
  createContact: { request: createContactRequestSchema, response: contactResponseSchema },
  updateContact: { request: updateContactRequestSchema, response: contactResponseSchema },
  listContacts: { request: contactsQuerySchema, response: contactsListResponseSchema },
  listWorkflows: { response: workflowsResponseSchema },
  enrollFlow: { request: enrollRequestSchema, response: enrollResponseSchema },
  cancelRun: { request: cancelRunRequestSchema, response: cancelRunResponseSchema },
  getEffects: { response: effectsResponseSchema },
  sendTyping: { request: typingRequestSchema, response: typingResponseSchema },
  sendReaction: { request: reactionRequestSchema, response: reactionResponseSchema },
  startCall: { request: startCallRequestSchema, response: startCallResponseSchema },
  answerCall: { request: answerCallRequestSchema, response: answerCallResponseSchema },
  declineCall: { request: declineCallRequestSchema, response: declineCallResponseSchema },
  endCall: { request: endCallRequestSchema, response: endCallResponseSchema },
  getCallStatus: { request: callStatusQuerySchema, response: callStatusResponseSchema },
  getCallLogs: { request: callLogsQuerySchema, response: callLogsListResponseSchema },
  mintVoiceToken: { request: voiceTokenRequestSchema, response: voiceTokenResponseSchema },
} as const satisfies { [K in EndpointId]: Pick<Endpoint, 'request' | 'response'> }

type WithSchemas<E> = E extends { id: infer K extends EndpointId } ? E & (typeof schemasById)[K] : never
type RegistryEntry = WithSchemas<(typeof endpointTable)[number]>

// Marked pure so that a bundler drops the registry, and with it every schema and zod, from a page
// that imports only the client from the same chunk of dist/.
/** Every endpoint of the service. */
export const endpoints = /* @__PURE__ */ endpointTable.map((info) => ({
  ...info,
  ...schemasById[info.id],
})) as readonly RegistryEntry[]

/** The registry keyed by id. */
export const endpointsById = /* @__PURE__ */ Object.fromEntries(endpoints.map((e) => [e.id, e])) as {
  [K in EndpointId]: Extract<(typeof endpoints)[number], { id: K }>
}

/** Fill `:name` path parameters (URI-encoded). */
export function endpointPath(endpoint: Pick<Endpoint, 'path'>, params: Readonly<Record<string, string>> = {}): string {
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`missing path parameter ${name} for ${endpoint.path}`)
    return encodeURIComponent(value)
  })
}

/**
 * Find the endpoint a method and path (relative to the host, no query) belong to, or
 * `undefined`. Used by the proxy allowlist and the mock.
 */
export function matchEndpoint(
  method: string,
  path: string,
): { endpoint: (typeof endpoints)[number]; params: Record<string, string> } | undefined {
  const m = method.toUpperCase()
  for (const endpoint of endpoints) {
    if (endpoint.method !== m) continue
    const pattern = endpoint.path.split('/')
    const actual = path.split('/')
    if (pattern.length !== actual.length) continue
    const params: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i] ?? ''
      const a = actual[i] ?? ''
      if (p.startsWith(':')) {
        if (a === '') {
          ok = false
          break
        }
        try {
          params[p.slice(1)] = decodeURIComponent(a)
        } catch {
          ok = false
          break
        }
      } else if (p !== a) {
        ok = false
        break
      }
    }
    if (ok) return { endpoint, params }
  }
  return undefined
}
