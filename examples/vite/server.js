// linekit's routes for the browser (the Vite dev server proxies /api/linekit here): node --env-file=.env.local server.js
import { createServer } from 'node:http'
import { createLinekitServer } from 'linekit/server'
import { toNodeHandler } from 'linekit/server/node'
import { currentUser } from './session.js'

const linekit = createLinekitServer({
  apiKey: process.env.LINEKIT_API_KEY, // stays on the server
  baseUrl: process.env.LINEKIT_BASE_URL, // the service's {base_url}
  appUrl: process.env.LINEKIT_APP_URL, // the service's {app_url} (voice-token mint)
  webhookSecret: process.env.LINEKIT_WEBHOOK_SECRET, // webhook URL: /api/linekit/webhooks/<secret>
  authorize: async (request) => {
    const user = await currentUser(request) // your sign-in; session.js is a stand-in
    return user ? { userId: user.id, lineIds: user.lineIds } : null // null → 401
  },
})

const port = Number(process.env.PORT ?? 3001) // 3001: the Next.js quick start takes 3000
createServer(toNodeHandler(linekit)).listen(port, '127.0.0.1', () => {
  console.log(`linekit routes on http://127.0.0.1:${port}/api/linekit`)
})
