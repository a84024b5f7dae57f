/**
 * Turns a refusal from the service (a `LinekitError` from `linekit/api`, or any Error) into one
 * sentence a user can act on. Duck-typed so the components never depend on the error class's
 * identity (two copies of the package must still work).
 */

import { mergeStrings, type StringOverrides } from './mergeStrings'

/** The fields of a `LinekitError` the components read. */
export interface LinekitErrorLike {
  message?: string
  status?: number
  code?: string
  hint?: string
  retryAfterSeconds?: number
  body?: unknown
}

/** Which operation failed: the same status means different things per endpoint. */
export type LinekitErrorContext = 'send' | 'reaction' | 'typing' | 'load'

/**
 * Endpoint-specific sentences for a refusal (`text` is code + message + hint, lower-cased), or
 * `undefined` to fall back to the generic ones. Components outside the thread (group composer,
 * enrolment, contacts) bring their own, so their sentences stay out of `<Conversation>`'s bundle.
 */
export type LinekitErrorRule = (error: LinekitErrorLike, text: string) => string | undefined

/** Default, overridable sentences. */
export const linekitErrorStrings = {
  offline: 'Could not reach the server. Check your connection and try again.',
  unauthorized: 'You are not signed in, or your session has expired.',
  rateLimited: (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`,
  rateLimitedSoon: 'Too many requests. Try again in a moment.',
  server: 'The service had a problem. Try again.',
  upstream: 'The messaging service could not be reached. Try again.',
  tooLarge: 'This is too large to send.',
  lineNotAllowed: 'You may not use this line.',
  invalid: 'The request was refused as invalid.',
  // send (spec: POST /send-api-message, Errors table). The contract gives no code for a send's
  // 400 or 403 (the complete list of codes is not shown), so the sentence says what the service said.
  sendRefused: 'The service refused this message.',
  sendForbidden: 'This message was refused: the recipient may be blocked, or your plan does not allow it.',
  /** The service's own words, when they are a plain sentence (see `serviceSaid`). */
  serviceSaid: (text: string) => `It said: “${text}”`,
  notFound: 'Not found.',
  conflict: 'This conflicts with the current state. Refresh and try again.',
  unknown: 'Something went wrong.',
}
export type LinekitErrorStrings = typeof linekitErrorStrings

const textOf = (e: LinekitErrorLike) => `${e.code ?? ''} ${e.message ?? ''} ${e.hint ?? ''}`.toLowerCase()

/**
 * What the service itself said about a refusal, as one plain sentence, or undefined. Read from the
 * error body (spec: Errors — `error` is a string or an object), never from a text the client made
 * up, never the `hint` (it names fields and, against the mock, its control API). Anything that
 * is not a short plain sentence — markup, JSON, a URL or path, a stack, the mock's controls — is
 * left out: the user gets the generic sentence instead.
 */
export function serviceSaid(error: unknown): string | undefined {
  const e = error as { body?: { error?: unknown } | null; message?: unknown } | null
  if (!e || typeof e !== 'object') return undefined
  const field = 'body' in e ? e.body?.error : e.message
  const said = field && typeof field === 'object' ? (field as { message?: unknown }).message : field
  if (typeof said !== 'string') return undefined
  // Control characters (a terminal's escapes, NULs) become spaces, like any other whitespace.
  const text = said.replace(/[\s\p{Cc}]+/gu, ' ').trim()
  if (text === '' || text.length > 160) return undefined
  if (/[{}<>[\]`\\]|__mock|:\/\/|\/\w+\/|\bat \S+ \(|\w+Error\b/.test(text)) return undefined
  return text
}

/**
 * One user-facing sentence for an error in a given context. Where the contract gives a code or a
 * status with one meaning, the sentence follows it; where it does not (a send's 400 or 403), the
 * sentence adds what the service said (`serviceSaid`) instead of guessing from its words. The
 * `hint` is never shown: it names fields and, against the mock, its control API.
 */
export function describeLinekitError(
  error: unknown,
  context: LinekitErrorContext | LinekitErrorRule,
  overrides?: StringOverrides<LinekitErrorStrings>,
): string {
  const texts = mergeStrings(linekitErrorStrings, overrides)
  if (!error) return ''
  const e = (typeof error === 'object' ? error : { message: String(error) }) as LinekitErrorLike
  const status = e.status
  const text = textOf(e)
  const base = ((): string => {
    if (status === undefined || status === 0) return isNoConnection(e) ? texts.offline : texts.unknown
    if (status === 401) return texts.unauthorized
    if (status === 429) {
      return e.retryAfterSeconds ? texts.rateLimited(Math.ceil(e.retryAfterSeconds)) : texts.rateLimitedSoon
    }
    if (status === 413) return texts.tooLarge
    if (status === 502 || status === 503 || status === 504) return texts.upstream
    if (status >= 500) return texts.server
    if (e.code === 'line_not_allowed') return texts.lineNotAllowed
    const specific = typeof context === 'function' ? context(e, text) : undefined
    if (specific !== undefined) return specific
    const said = serviceSaid(e)
    if (context === 'send' && (status === 400 || status === 403)) {
      const base = status === 403 ? texts.sendForbidden : texts.sendRefused
      return said ? `${base} ${texts.serviceSaid(said)}` : base
    }
    if (context === 'reaction' && status === 400 && said) return `${texts.invalid} ${texts.serviceSaid(said)}`
    if (status === 404) return texts.notFound
    if (status === 409) return texts.conflict
    if (status === 400) return texts.invalid
    return texts.unknown
  })()
  return base
}

/**
 * Whether the request got no answer at all (no connection, a timeout): nothing reached the
 * service, or nothing came back. The sentence a component shows for it says what was not done and
 * that what the agent typed is still there (`contactCardStrings.notSavedOffline`, …).
 */
export function isNoConnection(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as LinekitErrorLike
  if (e.status !== undefined && e.status !== 0) return false
  // The client reports no-response failures as status 0 (`network_error`, `timeout`).
  return (
    e.code === 'network_error' ||
    e.code === 'timeout' ||
    e instanceof TypeError ||
    /fetch|network/i.test(e.message ?? '')
  )
}

/** Whether trying the same request again can help: no answer, a timeout, a rate limit or a server fault. */
export function isRetryable(error: unknown): boolean {
  const status = (error as LinekitErrorLike | null)?.status
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500
}

// Sentences of the endpoints used outside the thread (group send, enrolment, contacts): components
// that call them pass their rule to `describeLinekitError`.

/** spec: POST /send-group-message — status codes. */
export const groupErrorStrings = {
  groupInvalid: 'The service refused this group message.',
  groupForbidden: 'Group messages are not available on trial accounts, or one or more recipients are blocked.',
  groupConflict: 'This group already exists on a different line.',
}
export type GroupErrorStrings = typeof groupErrorStrings

/** spec: POST /enroll-flow — status codes. */
export const enrollErrorStrings = {
  enrollOptedOut: 'This contact opted out; they cannot be enrolled.',
  enrollNotFound: 'The workflow is not published or no longer exists, or the line was not found.',
  enrollActive: 'This contact already has an active run in this workflow.',
  enrollInvalid: 'The phone number, line or workflow is not valid, or no line is available.',
}
export type EnrollErrorStrings = typeof enrollErrorStrings

/** Contacts (create / update). */
export const contactErrorStrings = {
  contactInvalid: 'Check the phone number, email and custom fields.',
}
export type ContactErrorStrings = typeof contactErrorStrings

/**
 * Rule for group sends. spec: POST /send-group-message — the statuses are given, their codes are
 * not: a 400 or 403 says what the service said rather than guessing which condition it was.
 */
export const groupErrorRule =
  (overrides?: StringOverrides<GroupErrorStrings & { serviceSaid: (text: string) => string }>): LinekitErrorRule =>
  (e) => {
    const texts = mergeStrings({ ...groupErrorStrings, serviceSaid: linekitErrorStrings.serviceSaid }, overrides)
    const said = serviceSaid(e)
    const withSaid = (base: string) => (said ? `${base} ${texts.serviceSaid(said)}` : base)
    if (e.status === 400) return withSaid(texts.groupInvalid)
    if (e.status === 403) return withSaid(texts.groupForbidden)
    if (e.status === 409) return texts.groupConflict
    return undefined
  }

/** Rule for enrolment. */
export const enrollErrorRule =
  (overrides?: StringOverrides<EnrollErrorStrings>): LinekitErrorRule =>
  (e) => {
    const texts = mergeStrings(enrollErrorStrings, overrides)
    if (e.status === 403) return texts.enrollOptedOut
    if (e.status === 404) return texts.enrollNotFound
    if (e.status === 409) return texts.enrollActive
    if (e.status === 400) return texts.enrollInvalid
    return undefined
  }

/** Rule for contacts. */
export const contactErrorRule =
  (overrides?: StringOverrides<ContactErrorStrings>): LinekitErrorRule =>
  (e) =>
    e.status === 400 ? mergeStrings(contactErrorStrings, overrides).contactInvalid : undefined
