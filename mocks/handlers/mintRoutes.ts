/**
 * Route: the voice-token mint at the app host. spec: POST {app_url}/api/v1/dialer/token.
 * It has its own pipeline (not `route`): the mint's error codes differ from the messaging API's
 * (`invalid_api_key`, `api_key_unsupported`), a malformed request is refused before a rate-limit
 * slot is used, and the limit is 30 per minute per key. Faults armed on this path (including a
 * proxy's non-JSON 502/503, `POST /__mock/faults/mint`) answer before anything else.
 */
import { delay } from 'msw'
import type { MockCore } from '../service/index'
import { MockHttpError } from '../service/serviceErrors'
import { takeHttpFault } from '../service/faults'
import { authenticateMintKey, mintError, mintVoiceToken } from '../service/voiceTokenMint'
import { endpointsById } from '../../src/api'
import { json } from './jsonResponses'
import { endpointRoute, type MockRoute } from './mockRouter'
import { readTextCapped } from './route'
import { jsonNestsDeeper } from '../../src/api/jsonDepth'

/** The mint path on {app_url}. */
const MINT_PATH = endpointsById.mintVoiceToken.path

function faultResponse(fault: { status: number; text?: string | undefined; body?: unknown }): Response {
  if (fault.text !== undefined)
    return new Response(fault.text, { status: fault.status, headers: { 'content-type': 'text/html' } })
  const code = fault.status === 503 ? 'dialer_unavailable' : 'internal_error'
  return json(fault.body ?? { error: `Injected fault: HTTP ${fault.status}`, code }, fault.status)
}

/** Reads the body as JSON; `undefined` when it is not JSON (→ 400 invalid_line_id). */
async function readBody(request: Request): Promise<unknown> {
  const text = await readTextCapped(request)
  if (text === undefined || jsonNestsDeeper(text)) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** Routes of the mint. */
export function mintRoutes(core: MockCore): MockRoute[] {
  const { state } = core
  return [
    endpointRoute('mintVoiceToken', async (request) => {
      try {
        state.clock.runDue()
        const fault = takeHttpFault(
          state,
          endpointsById.mintVoiceToken.method,
          MINT_PATH,
          new URL(request.url).pathname,
        )
        if (fault) return faultResponse(fault)
        if (state.settings.latencyMs > 0) await delay(state.settings.latencyMs)
        const caller = authenticateMintKey(state, request.headers.get('authorization'))
        return json(mintVoiceToken(state, caller, await readBody(request)))
      } catch (error) {
        if (error instanceof MockHttpError) return json(error.body(), error.status, error.headers)
        console.error('[linekit/mocks] unexpected error in the mint', error)
        const internal = mintError('internal_error', 'Internal error in the mock mint')
        return json(internal.body(), internal.status)
      }
    }),
  ]
}

/**
 * A fetch handler for a separate {app_url} origin: only the mint answers there, anything else
 * is 404 with the mint's error shape. The standalone server uses it when the app host is
 * configured apart (`--app-port`); by default the mint is served on the same origin.
 */
export function createAppHostFetch(
  serviceFetch: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return (request) => {
    if (new URL(request.url).pathname === MINT_PATH) return serviceFetch(request)
    return Promise.resolve(
      json(
        {
          error: `No such endpoint on the app host: ${request.method} ${new URL(request.url).pathname}`,
          code: 'not_found',
        },
        404,
      ),
    )
  }
}
