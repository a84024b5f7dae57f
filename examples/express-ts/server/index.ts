// linekit's routes under Express 5 (Vite's dev server proxies /api/linekit here): npx tsx --env-file=.env.local server/index.ts
import express from 'express'
import { createLinekitServer } from 'linekit/server'
import { toNodeMiddleware } from 'linekit/server/node'
import { currentUser } from './session.js' // `.js`: under "module": "nodenext" TypeScript wants the name Node loads

const linekit = createLinekitServer({
  apiKey: process.env.LINEKIT_API_KEY!, // stays on the server
  baseUrl: process.env.LINEKIT_BASE_URL!, // the service's {base_url}
  appUrl: process.env.LINEKIT_APP_URL!, // the service's {app_url} (voice-token mint)
  webhookSecret: process.env.LINEKIT_WEBHOOK_SECRET!, // webhook URL: /api/linekit/webhooks/<secret>
  authorize: async (request) => {
    const user = await currentUser(request) // your sign-in; session.ts is a stand-in
    return user ? { userId: user.id, lineIds: user.lineIds } : null // null → 401
  },
})

const app = express()
app.use(toNodeMiddleware(linekit)) // /api/linekit/*, before any body parser; other paths go on
app.use(express.json()) // your own routes' parser comes after it
const port = Number(process.env.PORT ?? 3001) // 3001: Vite's dev server takes 5173
app.listen(port, '127.0.0.1', () => {
  console.log(`linekit routes on http://127.0.0.1:${port}/api/linekit`)
})
