/**
 * The MCP server of the mock. spec: What the service does 13 — a Model Context Protocol server
 * (Streamable HTTP) at {base_url}/api/mcp; message formats and tool list not shown, so the tools
 * are a documented choice (mocks/README.md). Stateless: a new `McpServer` and transport per
 * request, Web-standard `Request` → `Response`. Tools call the same service functions as the
 * HTTP handlers, with the same `linekit/api` zod schemas as input schemas.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import * as z from 'zod/mini'
import {
  availabilityRequestSchema,
  callLogsQuerySchema,
  callStatusQuerySchema,
  cancelRunRequestSchema,
  contactsQuerySchema,
  createContactRequestSchema,
  enrollRequestSchema,
  groupSendRequestSchema,
  messageHandleSchema,
  messagesQuerySchema,
  sendMessageRequestSchema,
  updateContactRequestSchema,
} from '../../src/api'
import { listCallLogs } from '../service/dialerCallLogs'
import { getCallStatus, requireAudioFeature } from '../service/audioCalls'
import { createContact, listContacts, updateContact } from '../service/nativeContacts'
import { MockHttpError } from '../service/serviceErrors'
import { sendGroupMessage } from '../service/groupThreads'
import { checkAvailability, listLines } from '../service/phoneLines'
import { getMessage, listMessages } from '../service/messageReading'
import { listEffects, sendMessage } from '../service/messageSending'
import type { MockState } from '../service/mockState'
import type { Account } from '../service/stateRecords'
import { cancelRun, enroll, listFlows } from '../service/workflowRuns'
import { MCP_SERVER_INFO } from './tools'

export { MCP_SERVER_INFO, mcpToolNames } from './tools'

type ToolResult = {
  content: Array<{ type: 'text'; text: string }>
  structuredContent?: Record<string, unknown>
  isError?: boolean
}

/** Wraps a service result (or its MockHttpError) as a tool result. */
function toolResult(run: () => unknown): ToolResult {
  try {
    const value = run()
    const structured =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { result: value }
    return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: structured }
  } catch (error) {
    if (error instanceof MockHttpError) {
      // The same status and error body the HTTP endpoint would answer, as a tool error.
      const body = { status: error.status, ...error.body() }
      return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true }
    }
    throw error
  }
}

/** Builds an MCP server whose tools act as `account` on `state`. */
export function createMcpServer(state: MockState, account: Account): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} } })
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const

  server.registerTool(
    'send_message',
    {
      description: 'Send one message from a line (POST /send-api-message). Native chat when reachable, else SMS.',
      inputSchema: sendMessageRequestSchema,
    },
    (input) => toolResult(() => sendMessage(state, account, input)),
  )
  server.registerTool(
    'send_group_message',
    {
      description: 'Send one message to 2–32 recipients in one thread (POST /send-group-message).',
      inputSchema: groupSendRequestSchema,
    },
    (input) => toolResult(() => sendGroupMessage(state, account, input)),
  )
  server.registerTool(
    'list_messages',
    {
      description: 'List inbound and outbound messages with filters (GET /get-messages-api).',
      inputSchema: messagesQuerySchema,
      annotations: readOnly,
    },
    (input) => toolResult(() => listMessages(state, account, input)),
  )
  server.registerTool(
    'get_message',
    {
      description: 'Fetch one message by its pbm_ handle (GET /get-message-api/{message_handle}).',
      inputSchema: z.object({ message_handle: messageHandleSchema }),
      annotations: readOnly,
    },
    (input) => toolResult(() => getMessage(state, account, input.message_handle)),
  )
  server.registerTool(
    'list_lines',
    { description: "List the account's lines (GET /get-lines).", annotations: readOnly },
    () =>
      toolResult(() => {
        const lines = listLines(state, account)
        return Array.isArray(lines) ? { lines } : lines
      }),
  )
  server.registerTool(
    'check_availability',
    {
      description: 'Check whether a number can receive native chat (POST /api-check-native-availability).',
      inputSchema: availabilityRequestSchema,
      annotations: readOnly,
    },
    (input) => toolResult(() => checkAvailability(state, account, input)),
  )
  server.registerTool(
    'create_contact',
    {
      description: 'Create or upsert a native contact by phone (POST /create-external-contact).',
      inputSchema: createContactRequestSchema,
    },
    (input) => toolResult(() => createContact(state, account, input)),
  )
  server.registerTool(
    'update_contact',
    {
      description: 'Update a contact by contactId; customFields is replaced wholesale.',
      inputSchema: updateContactRequestSchema,
    },
    (input) => toolResult(() => updateContact(state, account, input)),
  )
  server.registerTool(
    'list_contacts',
    { description: 'List native contacts.', inputSchema: contactsQuerySchema, annotations: readOnly },
    (input) => toolResult(() => listContacts(state, account, input)),
  )
  server.registerTool(
    'list_workflows',
    { description: 'List workflows (the source of flowId).', annotations: readOnly },
    () => toolResult(() => listFlows(state, account)),
  )
  server.registerTool(
    'enroll_in_workflow',
    { description: 'Enrol a contact into a published workflow (POST /enroll-flow).', inputSchema: enrollRequestSchema },
    (input) => toolResult(() => enroll(state, account, input)),
  )
  server.registerTool(
    'cancel_workflow_run',
    { description: 'Cancel a workflow run by runId.', inputSchema: cancelRunRequestSchema },
    (input) => toolResult(() => cancelRun(state, account, input)),
  )
  server.registerTool(
    'list_effects',
    { description: 'List the send effects (GET /get-effects).', annotations: readOnly },
    () => toolResult(() => listEffects()),
  )
  server.registerTool(
    'list_call_logs',
    {
      description: 'List outbound dialer call logs (GET /get-call-logs-api).',
      inputSchema: callLogsQuerySchema,
      annotations: readOnly,
    },
    (input) => toolResult(() => listCallLogs(state, account, input)),
  )
  server.registerTool(
    'get_call_status',
    {
      description: 'Read the call_status of an audio call (GET /get-audiocall-call-status-api).',
      inputSchema: callStatusQuerySchema,
      annotations: readOnly,
    },
    (input) =>
      toolResult(() => {
        requireAudioFeature(account)
        return getCallStatus(state, account, input.call_uuid)
      }),
  )
  return server
}

/**
 * Answers one Streamable HTTP request for `account` (stateless, JSON responses). The caller has
 * authenticated the request already.
 */
export async function handleMcpRequest(state: MockState, account: Account, request: Request): Promise<Response> {
  const server = createMcpServer(state, account)
  // Stateless: no session ids; JSON responses rather than an SSE stream per POST.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  })
  await server.connect(transport)
  try {
    return await transport.handleRequest(request)
  } finally {
    await server.close()
  }
}
