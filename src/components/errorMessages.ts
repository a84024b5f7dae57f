/**
 * Turns a refusal from the service (a `LinekitError` from `linekit/api`, or any Error) into one
 * sentence a user can act on. Duck-typed so the components never depend on the error class's
 * identity (two copies of the package must still work).
 */

import { mergeStrings, type StringOverrides } from './internal/mergeStrings'

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
  // send (spec: POST /send-api-message, Errors table)
  sendEffectSms: 'Send effects only work on native chat; this number receives SMS. Remove the effect and send again.',
  sendLineInvalid: 'That line is not one of your lines. Pick another line or let the service choose.',
  sendTrialLine: 'Trial accounts cannot choose a line. Send without picking one.',
  sendForbidden: 'This message was refused: the recipient may be blocked, or your plan does not allow it.',
  sendEmpty: 'Type a message or add an attachment.',
  sendPhoneInvalid: 'This phone number is not valid. Check the number and send again.',
  // reactions
  reactionChannel: 'Reactions only work on native-chat messages.',
  notFound: 'Not found.',
  conflict: 'This conflicts with the current state. Refresh and try again.',
  unknown: 'Something went wrong.',
}
export type LinekitErrorStrings = typeof linekitErrorStrings

const textOf = (e: LinekitErrorLike) => `${e.code ?? ''} ${e.message ?? ''} ${e.hint ?? ''}`.toLowerCase()

/**
 * One user-facing sentence for an error in a given context. The service's own `message` and
 * `hint` are never shown: they name fields and, against the mock, its control API; a user needs
 * a sentence about what to do. They stay on the error for developers.
 */
export function describeLinekitError(
  error: unknown,
  context: LinekitErrorContext | LinekitErrorRule,
  overrides?: StringOverrides<LinekitErrorStrings>,
): string {
  const s = mergeStrings(linekitErrorStrings, overrides)
  if (!error) return ''
  const e = (typeof error === 'object' ? error : { message: String(error) }) as LinekitErrorLike
  const status = e.status
  const text = textOf(e)
  const base = ((): string => {
    if (status === undefined || status === 0) {
      // The client reports no-response failures as status 0 (`network_error`, `timeout`).
      return e.code === 'network_error' ||
        e.code === 'timeout' ||
        e instanceof TypeError ||
        /fetch|network/i.test(e.message ?? '')
        ? s.offline
        : s.unknown
    }
    if (status === 401) return s.unauthorized
    if (status === 429) {
      return e.retryAfterSeconds ? s.rateLimited(Math.ceil(e.retryAfterSeconds)) : s.rateLimitedSoon
    }
    if (status === 413) return s.tooLarge
    if (status === 502 || status === 503 || status === 504) return s.upstream
    if (status >= 500) return s.server
    if (e.code === 'line_not_allowed') return s.lineNotAllowed
    const specific = typeof context === 'function' ? context(e, text) : undefined
    if (specific !== undefined) return specific
    switch (context) {
      case 'send':
        if (status === 400 && /effect/.test(text)) return s.sendEffectSms
        if (status === 400 && /line/.test(text)) return s.sendLineInvalid
        if (status === 400 && /phone|e\.164|number/.test(text)) return s.sendPhoneInvalid
        if (status === 400 && /message|attachment|empty/.test(text)) return s.sendEmpty
        if (status === 403 && /trial/.test(text)) return s.sendTrialLine
        if (status === 403) return s.sendForbidden
        break
      case 'reaction':
        if (/native|sms|rcs/.test(text)) return s.reactionChannel
        break
      default:
        break
    }
    if (status === 404) return s.notFound
    if (status === 409) return s.conflict
    if (status === 400) return s.invalid
    return s.unknown
  })()
  return base
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
  groupCount: 'A group needs 2 to 32 recipients.',
  groupRecipientInvalid: 'One of the recipients is not a phone number. Check the numbers and send again.',
  groupTrial: 'Group messages are not available on trial accounts.',
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

/** Rule for group sends. */
export const groupErrorRule =
  (overrides?: StringOverrides<GroupErrorStrings & { sendLineInvalid: string }>): LinekitErrorRule =>
  (e, text) => {
    const s = mergeStrings({ ...groupErrorStrings, sendLineInvalid: linekitErrorStrings.sendLineInvalid }, overrides)
    if (e.status === 400 && /recipient_count|2 to 32|distinct recipient/.test(text)) return s.groupCount
    if (e.status === 400 && /invalid_phone|invalid_recipient|phone number|handle/.test(text))
      return s.groupRecipientInvalid
    if (e.status === 400 && /line/.test(text)) return s.sendLineInvalid
    if (e.status === 403 && /trial/.test(text)) return s.groupTrial
    if (e.status === 403) return s.groupForbidden
    if (e.status === 409) return s.groupConflict
    return undefined
  }

/** Rule for enrolment. */
export const enrollErrorRule =
  (overrides?: StringOverrides<EnrollErrorStrings>): LinekitErrorRule =>
  (e) => {
    const s = mergeStrings(enrollErrorStrings, overrides)
    if (e.status === 403) return s.enrollOptedOut
    if (e.status === 404) return s.enrollNotFound
    if (e.status === 409) return s.enrollActive
    if (e.status === 400) return s.enrollInvalid
    return undefined
  }

/** Rule for contacts. */
export const contactErrorRule =
  (overrides?: StringOverrides<ContactErrorStrings>): LinekitErrorRule =>
  (e) =>
    e.status === 400 ? mergeStrings(contactErrorStrings, overrides).contactInvalid : undefined
