/**
 * The voice-token route: `POST <prefix>/dialer/token { lineId }`, a server-to-server call to
 * `{app_url}/api/v1/dialer/token` through the mint's own gate (spec: Limits — 30 mints per
 * minute, separate from the 60).
 */
import { mintVoiceTokenRoute } from '../../src/api/endpoints/mintVoiceTokenRoute'
import { upstreamUrl } from '../internal/upstream'
import type { LinekitContext } from '../routeContext'
import type { CsrfOptions } from '../internal/csrf'
import { isCsrfSafe } from '../internal/csrf'
import { BodyTooLargeError, LinekitHttpError, mintError, parseJson, readBodyCapped } from '../internal/http'
import type { Scope, ScopeChecks } from '../internal/scope'
import { parseVoiceTokenRequest } from '../internal/parseBodies'

/** Creates the mint route handler; every refusal is in the mint's `{ error, code }` shape. */
export function createMintRoute(ctx: LinekitContext, scopes: ScopeChecks, csrf: CsrfOptions) {
  return async (request: Request): Promise<Response> => {
    if (!isCsrfSafe(request, csrf))
      throw mintError(403, 'csrf_failed', `Cross-site request refused; send the ${csrf.header} header.`)
    let scope: Scope
    try {
      scope = await scopes.authorize(request)
    } catch (thrown) {
      if (thrown instanceof LinekitHttpError && thrown.response.status === 401)
        throw mintError(401, 'unauthorized', 'Not signed in.')
      throw thrown
    }
    let body: unknown
    try {
      // parseJson refuses structure nested deeper than MAX_JSON_DEPTH (then: 400 invalid_line_id).
      body = parseJson(await readBodyCapped(request, ctx.maxBodyBytes))
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        throw mintError(413, 'payload_too_large', `The body exceeds ${ctx.maxBodyBytes} bytes.`)
      body = undefined
    }
    const lineId = parseVoiceTokenRequest(body)
    // spec: mint errors — 400 invalid_line_id for a missing lineId, refused before any upstream call.
    if (lineId === null) throw mintError(400, 'invalid_line_id', 'lineId is required (one of GET /get-lines).')
    if (!scope.lines.has(lineId.toLowerCase()))
      throw mintError(403, 'line_not_allowed', 'This line is not one of yours.')
    const answer = await ctx.mintUpstream(
      {
        method: mintVoiceTokenRoute.method,
        url: upstreamUrl(ctx.appUrl, mintVoiceTokenRoute),
        body: JSON.stringify({ lineId }),
      },
      request.signal,
      // spec: Limits — 30 mints per minute for the whole key: each user within a fair share of it.
      scope.user.userId,
    )
    // spec: POST {app_url}/api/v1/dialer/token — status, body and Retry-After forwarded
    // unchanged, including a proxy's non-JSON 502/503.
    return ctx.relay(answer)
  }
}
