/**
 * Routes: the MCP server at {base_url}/api/mcp (Streamable HTTP, stateless). spec:
 * What the service does 13, Authentication 1 — the API key or an OAuth access token with scope
 * `mcp`. Goes through the shared `route` pipeline (faults, latency, auth) and, being on
 * {base_url} with the same key, shares the key's 60 requests per minute (choice: README).
 */
import type { MockCore } from '../service/index'
import { json } from './jsonResponses'
import { route } from './route'
import type { MockRoute } from './mockRouter'

/** The MCP path on {base_url}. */
export const MCP_PATH = '/api/mcp'

/** Routes of the MCP endpoint (POST messages; GET/DELETE answer 405 in stateless mode). */
export function mcpRoutes(core: MockCore): MockRoute[] {
  return [
    route(core, { method: 'POST', path: MCP_PATH }, async ({ request, state, caller }) => {
      // Loaded on first use: the MCP SDK (and its JSON Schema validator) stays out of bundles that never call MCP.
      const { handleMcpRequest } = await import('../mcp/server')
      return handleMcpRequest(state, caller.account, request)
    }),
    // Stateless: no standalone SSE stream (GET) and no session to delete (DELETE).
    ...(['GET', 'DELETE'] as const).map((method) =>
      route(core, { method, path: MCP_PATH }, () =>
        json(
          {
            error: `${method} is not supported: this MCP server is stateless`,
            code: 'method_not_allowed',
            hint: 'POST JSON-RPC messages to /api/mcp.',
          },
          405,
          { allow: 'POST' },
        ),
      ),
    ),
  ]
}
