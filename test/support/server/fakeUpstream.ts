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

/** Lines of the account: A, B and C (spec: Line — fields not shown beyond `lineId`). */
export const accountLines = [{ lineId: LINE_A }, { lineId: LINE_B }, { lineId: LINE_C }]
const numbers: Record<string, string> = { [LINE_A]: NUMBER_A, [LINE_B]: NUMBER_B, [LINE_C]: NUMBER_C }

/** Each line's latest message: an outbound record, `line_id` with the line's number as `from_number`. */
export function latestMessage(call: RecordedCall): Response {
  const lineId = call.url.searchParams.get('pb_line_id') ?? LINE_A
  const record = {
    message_handle: `pbm_${lineId.slice(0, 4)}`,
    content: 'hi',
    from_number: numbers[lineId],
    to_number: '+14155550999',
    line_id: lineId,
    service: 'SMS',
    direction: 'outbound',
    status: 'delivered',
    created_at: '2026-01-01T00:00:00Z',
    sent_at: '2026-01-01T00:00:00Z',
    media_attachment_url: null,
    voice_attachment_url: null,
  }
  return jsonResponse({ status: 'OK', data: [record], pagination: { limit: 1, offset: 0, total: 1 } })
}

/**
 * An upstream whose routes are `"METHOD /path"` handlers; by default `/get-lines` answers the
 * three lines and `/get-messages-api` each line's latest message.
 */
export function fakeUpstream(routes: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = []
  const all: Record<string, Handler> = {
    'GET /get-lines': () => jsonResponse(accountLines),
    'GET /get-messages-api': latestMessage,
    ...routes,
  }
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
