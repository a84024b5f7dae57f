/** Test helper (not exported from the package): a scripted upstream that records every call. */

export const KEY = 'sk_live_TEST_KEY_never_leaks_123'
export const LINE_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
export const LINE_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'
export const LINE_C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'
export const NUMBER_A = '+14155550101'
export const NUMBER_B = '+14155550102'
export const NUMBER_C = '+14155550103'

export interface RecordedCall {
  method: string
  url: URL
  headers: Headers
  body: string
}

type Handler = (call: RecordedCall) => Response | Promise<Response>

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
}

/** Lines of the account: A, B and C with their numbers. */
export const accountLines = [
  { lineId: LINE_A, phoneNumber: NUMBER_A },
  { lineId: LINE_B, phoneNumber: NUMBER_B },
  { lineId: LINE_C, phoneNumber: NUMBER_C },
]

/** An upstream whose routes are `"METHOD /path"` handlers; `/get-lines` answers the three lines by default. */
export function fakeUpstream(routes: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = []
  const all: Record<string, Handler> = { 'GET /get-lines': () => jsonResponse(accountLines), ...routes }
  const fetch = async (request: Request): Promise<Response> => {
    const call: RecordedCall = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
    }
    calls.push(call)
    const handler = all[`${request.method} ${call.url.pathname}`]
    if (!handler) return jsonResponse({ error: 'no such route in fakeUpstream', code: 'not_found' }, 404)
    return handler(call)
  }
  /** Calls other than the line listing the server makes for itself. */
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path)
  return { fetch, calls, callsTo }
}
