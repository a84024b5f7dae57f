import { createLinekitServer } from 'linekit/server'
import type { LinekitServer } from 'linekit/server'
import { currentUser } from './session'

let server: LinekitServer | undefined

/** The linekit server, created on first use: `next build` runs without the secrets below. */
export function linekitServer(): LinekitServer {
  server ??= createLinekitServer({
    apiKey: process.env.LINEKIT_API_KEY!, // stays on the server
    baseUrl: process.env.LINEKIT_BASE_URL!, // the service's {base_url}
    appUrl: process.env.LINEKIT_APP_URL!, // the service's {app_url} (voice-token mint)
    webhookSecret: process.env.LINEKIT_WEBHOOK_SECRET!, // webhook URL: /api/linekit/webhooks/<secret>
    authorize: async (request) => {
      const user = await currentUser(request)
      return user ? { userId: user.id, lineIds: user.lineIds } : null // null → 401
    },
  })
  return server
}
