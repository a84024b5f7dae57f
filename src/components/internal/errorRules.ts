/**
 * Refusal sentences of the endpoints used outside the thread (group send, enrolment, contacts),
 * kept apart from `errors.ts` so that `<Conversation>` does not carry them.
 */
import { errorStrings, type ErrorRule } from './errors'

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
  (overrides?: Partial<GroupErrorStrings & { sendLineInvalid: string }>): ErrorRule =>
  (e, text) => {
    const s = { ...groupErrorStrings, sendLineInvalid: errorStrings.sendLineInvalid, ...overrides }
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
  (overrides?: Partial<EnrollErrorStrings>): ErrorRule =>
  (e) => {
    const s = { ...enrollErrorStrings, ...overrides }
    if (e.status === 403) return s.enrollOptedOut
    if (e.status === 404) return s.enrollNotFound
    if (e.status === 409) return s.enrollActive
    if (e.status === 400) return s.enrollInvalid
    return undefined
  }

/** Rule for contacts. */
export const contactErrorRule =
  (overrides?: Partial<ContactErrorStrings>): ErrorRule =>
  (e) =>
    e.status === 400 ? { ...contactErrorStrings, ...overrides }.contactInvalid : undefined
