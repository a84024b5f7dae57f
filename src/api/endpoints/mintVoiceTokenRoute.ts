/**
 * `POST {app_url}/api/v1/dialer/token`: a short-lived voice token for one line, server to server.
 * The client calls `<baseUrl>/dialer/token` (the linekit/server route) unless `appUrl` is set.
 * Errors carry `sdkCode`.
 */
import { defineRoute } from './define'

export const mintVoiceTokenRoute = defineRoute({
  id: 'mintVoiceToken',
  method: 'POST',
  path: '/api/v1/dialer/token',
  host: 'app',
  // spec: POST {app_url}/api/v1/dialer/token status codes
  statuses: [200, 400, 401, 402, 403, 404, 429, 500, 503],
  // minting twice only yields two valid tokens: safe to repeat
  idempotent: true,
  errorShape: 'mint',
  line: { in: 'body', field: 'lineId', required: true },
})
