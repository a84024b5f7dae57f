/**
 * The whole backend inside the page, as the kit's own stories run it: the seeded mock behind the real
 * `linekit/server` handler, and a client whose requests go to that handler instead of the network.
 * An app has a server for this (see ../vite); this page only has to show the kit on React 18.
 */
import { createLinekitClient } from 'linekit/api'
import { createMockService } from 'linekit/mocks'
import { createLinekitServer } from 'linekit/server'

const mock = createMockService()
const account = mock.control.accounts().find((a) => a.kind === 'production')
if (!account?.apiKeys[0]) throw new Error('the mock has no seeded production account')
const lineIds = account.lines.map((line) => line.lineId)

const server = createLinekitServer({
  apiKey: account.apiKeys[0].key,
  baseUrl: 'https://api.mock.linekit.test', // never reached: `fetch` below answers every request
  appUrl: 'https://app.mock.linekit.test',
  webhookSecret: 'react18-example',
  authorize: async () => ({ userId: 'demo', lineIds }),
  fetch: mock.fetch,
})

export const client = createLinekitClient({
  baseUrl: '/api/linekit',
  fetch: async (input, init) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), location.href), init)
    // A request the page makes in-process carries no Origin: say it is the app's own script.
    request.headers.set('x-linekit-csrf', '1')
    return server.handle(request)
  },
})
