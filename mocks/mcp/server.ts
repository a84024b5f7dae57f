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
import { endpointsById, messageHandleSchema, type EndpointId } from '../../src/api'
import type { EndpointInput } from '../handlers/route'
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
import { MCP_SERVER_INFO, type McpToolName } from './tools'

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
  /**
   * One tool over one endpoint of the registry: its input schema is the endpoint's request schema,
   * its description ends with the endpoint's method and path, and a GET is read-only.
   */
  const tool = <Id extends EndpointId>(
    name: McpToolName,
    id: Id,
    description: string,
    run: (input: EndpointInput<Id>) => unknown,
    inputSchema: z.ZodMiniType | undefined = 'request' in endpointsById[id] ? endpointsById[id].request : undefined,
  ) => {
    const { method, path } = endpointsById[id]
    const config = {
      description: `${description} (${method} ${path})`,
      ...(method === 'GET' ? { annotations: { readOnlyHint: true, openWorldHint: false } } : {}),
    }
    if (inputSchema === undefined) server.registerTool(name, config, () => toolResult(() => run(undefined as never)))
    else server.registerTool(name, { ...config, inputSchema }, (input) => toolResult(() => run(input as never)))
  }

  tool('send_message', 'sendMessage', 'Send one message from a line. Native chat when reachable, else SMS.', (input) =>
    sendMessage(state, account, input),
  )
  tool('send_group_message', 'sendGroupMessage', 'Send one message to 2–32 recipients in one thread.', (input) =>
    sendGroupMessage(state, account, input),
  )
  tool('list_messages', 'getMessages', 'List inbound and outbound messages with filters.', (input) =>
    listMessages(state, account, input),
  )
  tool(
    'get_message',
    'getMessage',
    'Fetch one message by its pbm_ handle.',
    (input) => getMessage(state, account, (input as unknown as { message_handle: string }).message_handle),
    // The endpoint takes the handle in its path; the tool takes it as an argument.
    z.object({ message_handle: messageHandleSchema }),
  )
  tool('list_lines', 'getLines', "List the account's lines.", () => {
    const lines = listLines(state, account)
    return Array.isArray(lines) ? { lines } : lines
  })
  tool('check_availability', 'checkAvailability', 'Check whether a number can receive native chat.', (input) =>
    checkAvailability(state, account, input),
  )
  tool('create_contact', 'createContact', 'Create or upsert a native contact by phone.', (input) =>
    createContact(state, account, input),
  )
  tool(
    'update_contact',
    'updateContact',
    'Update a contact by contactId; customFields is replaced wholesale.',
    (input) => updateContact(state, account, input),
  )
  tool('list_contacts', 'listContacts', 'List native contacts.', (input) => listContacts(state, account, input))
  tool('list_workflows', 'listWorkflows', 'List workflows (the source of flowId).', () => listFlows(state, account))
  tool('enroll_in_workflow', 'enrollFlow', 'Enrol a contact into a published workflow.', (input) =>
    enroll(state, account, input),
  )
  tool('cancel_workflow_run', 'cancelRun', 'Cancel a workflow run by runId.', (input) =>
    cancelRun(state, account, input),
  )
  tool('list_effects', 'getEffects', 'List the send effects.', () => listEffects())
  tool('list_call_logs', 'getCallLogs', 'List outbound dialer call logs.', (input) =>
    listCallLogs(state, account, input),
  )
  tool('get_call_status', 'getCallStatus', 'Read the call_status of an audio call.', (input) => {
    requireAudioFeature(account)
    return getCallStatus(state, account, input.call_uuid)
  })
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
