/** Options of the CSRF check; see {@link isCsrfSafe}. */
export interface CsrfOptions {
  /** Header whose presence proves the request was made by script (cross-site forms cannot set it). */
  header: string
  /** Origins accepted besides the request's own origin (e.g. when a reverse proxy rewrites the host). */
  allowedOrigins: readonly string[]
}

/**
 * A state-changing request passes when it carries the custom header (a cross-origin page can
 * only send it after a CORS preflight, which this server never grants) or an `Origin` equal to
 * the request's own origin or one of `allowedOrigins`. No Origin and no header fails: browsers
 * send Origin on every POST, so its absence means a non-browser client, which can set the header.
 */
export function isCsrfSafe(request: Request, options: CsrfOptions): boolean {
  const marker = request.headers.get(options.header)
  if (marker !== null && marker !== '') return true
  const origin = request.headers.get('origin')
  if (origin === null || origin === 'null') return false
  if (origin === new URL(request.url).origin) return true
  return options.allowedOrigins.includes(origin)
}
