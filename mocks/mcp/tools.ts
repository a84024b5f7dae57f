/**
 * What the mock's MCP server announces, kept apart from `server.ts` so importing the names does
 * not load the MCP SDK (the handler loads the server lazily on the first MCP request).
 */

/** Name and version the server announces. */
export const MCP_SERVER_INFO = { name: 'linekit-mock', version: '1.0.0' } as const

/** Names of the tools (mocks/README.md documents each). */
export const mcpToolNames = [
  'send_message',
  'send_group_message',
  'list_messages',
  'get_message',
  'list_lines',
  'check_availability',
  'create_contact',
  'update_contact',
  'list_contacts',
  'list_workflows',
  'enroll_in_workflow',
  'cancel_workflow_run',
  'list_effects',
  'list_call_logs',
  'get_call_status',
] as const

/** The name of one of the tools. */
export type McpToolName = (typeof mcpToolNames)[number]
