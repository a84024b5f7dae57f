'use client'
import { useQueries } from '@tanstack/react-query'
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type FormEvent,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { MAX_GROUP_RECIPIENTS, MIN_GROUP_RECIPIENTS } from '../../../api/limits'
import type { CountryCode } from '../../../api/phone'
import type { GroupSendRequest, GroupSendResponse, Line } from '../../../api/schemas'
import { availabilityQueryOptions } from '../../../hooks/options'
import { useLines } from '../../../hooks/useLines'
import { useSendGroupMessage } from '../../../hooks/useSendGroupMessage'
import { useContactDirectory } from '../../../hooks/internal/useContactDirectory'
import { newIdempotencyKey } from '../../../provider/idempotencyKey'
import { useGroupSendThread, type GroupSend, type GroupSendThread } from '../../../hooks/internal/useGroupSendThread'
import { useLinekitClient } from '../../../provider/useLinekitClient'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { safeHttpUrl } from '../../shared/url'
import { usePhoneNormalizer } from '../../shared/usePhoneNormalizer'
import { lineLabel } from '../../shared/lineLabel'
import { recipientValue, type RecipientInputValue } from '../RecipientInput/RecipientInput'
import { groupComposerStrings, type GroupComposerStrings } from './groupComposerStrings'

/** Options of {@link useGroupComposer}. */
export interface UseGroupComposerOptions {
  /** Initial recipients (any format). @default [] */
  defaultRecipients?: string[] | undefined
  /** Region for numbers without a country code. @default 'US' */
  defaultCountry?: CountryCode | undefined
  /**
   * While the sent message is not yet in the messages list (the group is `creating`), re-read the
   * list this often in case the event stream missed it; nothing is ever sent again. 0: events
   * only. @default 10000
   */
  statusPollMs?: number | undefined
  /** Called with the service's answer after a successful send (the form is cleared). */
  onSent?: ((response: GroupSendResponse, request: GroupSendRequest) => void) | undefined
  /** Called once the sent message is listed, with the group's thread: its chat identifier, participants and line. */
  onOpenThread?: ((thread: { chatId: string; participants: string[]; lineId?: string }) => void) | undefined
  /** Overrides of the sentences the hook writes (what is wrong with the form). @default groupComposerStrings */
  strings?: StringOverrides<GroupComposerStrings> | undefined
}

/** Where the composer stands: `data-state` of `<GroupComposer>`. */
export type GroupComposerState = 'idle' | 'trial' | 'sending' | 'sent' | 'error' | 'conflict'
/** Whether the thread will be native chat or SMS, once the recipients are valid. */
export type GroupComposerChannel = 'nativechat' | 'SMS' | 'checking' | 'unknown'

/**
 * The GroupComposer's behaviour without its markup: the recipients (parsed and counted), the
 * message, attachment, AI voice memo, group name and line; whether the thread will be native chat
 * or SMS; sending once per composed message (a double submit replays the first, sends nothing);
 * a 409 answered with the line the group lives on and a resend there; the sent group's thread as
 * the messages list shows it. Returns the state and prop bags to spread on your own elements.
 *
 * @example
 * const g = useGroupComposer()
 * return (
 *   <form {...g.formProps}>
 *     <RecipientInput {...g.recipientInputProps} />
 *     <textarea {...g.messageInputProps} aria-label="Message" />
 *     {g.invalid ? <p role="alert">{g.invalid}</p> : null}
 *     <button {...g.submitButtonProps}>Send</button>
 *   </form>
 * )
 */
export function useGroupComposer(options: UseGroupComposerOptions = {}) {
  const { defaultRecipients = [], defaultCountry = 'US', statusPollMs = 10_000, onSent, onOpenThread } = options
  const texts = mergeStrings(groupComposerStrings, options.strings)
  const client = useLinekitClient()
  const lines = useLines()
  const mutation = useSendGroupMessage()
  const [entries, setEntries] = useState<string[]>(defaultRecipients)
  const normalize = usePhoneNormalizer(defaultCountry)
  const recipients = useMemo(() => recipientValue(entries, normalize), [entries, normalize])
  const [groupName, setGroupName] = useState('')
  const [text, setText] = useState('')
  const [attachment, setAttachment] = useState('')
  const [attachmentKind, setAttachmentKind] = useState<'media' | 'audio'>('media')
  const [ai, setAi] = useState(false)
  const [lineId, setLineId] = useState<string | undefined>(undefined)
  const [invalid, setInvalid] = useState<string | null>(null)
  const [result, setResult] = useState<GroupSend | null>(null)
  const lastRequest = useRef<GroupSendRequest | null>(null)
  // One key per composed message, kept until the message changes or is sent: a second submit of
  // the same message (double click, Enter twice) replays the first and sends nothing.
  const composedKey = useRef<string | null>(null)
  const sending = useRef(false)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const nameOf = useContactDirectory()
  const thread: GroupSendThread | null = useGroupSendThread(result, { pollMs: statusPollMs })
  const chatId = thread?.chatId
  const opened = useRef<string | null>(null)
  useEffect(() => {
    if (!result || !chatId || opened.current === chatId) return
    opened.current = chatId
    onOpenThread?.({
      chatId,
      participants: result.response.recipients,
      ...(result.lineId !== undefined ? { lineId: result.lineId } : {}),
    })
  }, [chatId, result, onOpenThread])
  const edit =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      composedKey.current = null
      set(v)
    }

  const numbers = recipients.valid ? recipients.numbers : []
  const availability = useQueries({ queries: numbers.map((phone) => availabilityQueryOptions(client, phone)) })
  const channel: GroupComposerChannel | undefined =
    numbers.length === 0
      ? undefined
      : availability.some((q) => q.isError)
        ? 'unknown'
        : availability.some((q) => q.data === undefined)
          ? 'checking'
          : availability.every((q) => q.data?.available)
            ? 'nativechat'
            : 'SMS'
  const smsCount = availability.filter((q) => q.data && !q.data.available).length

  const trial = lines.trial === true
  const error = mutation.error
  const conflictLine = (() => {
    const e = error as { status?: number; body?: unknown } | null
    if (!e || e.status !== 409) return undefined
    const phone = (e.body as { devicePhoneNumber?: unknown } | undefined)?.devicePhoneNumber
    if (typeof phone !== 'string') return { phone: undefined, line: undefined }
    const line: Line | undefined = lines.lines?.find((l: Line) => l.phoneNumber === phone)
    return { phone, line }
  })()

  const send = async (request: GroupSendRequest) => {
    if (sending.current) return
    sending.current = true
    lastRequest.current = request
    setResult(null)
    opened.current = null
    try {
      const response = await mutation.mutateAsync(request)
      const device = response.devicePhoneNumber
      const line = request.lineId ?? lines.lines.find((l: Line) => device && l.phoneNumber === device)?.lineId
      setResult({ response, request, ...(line !== undefined ? { lineId: line } : {}) })
      // Sent: the composed message is gone, so it cannot go out twice.
      composedKey.current = null
      setText('')
      setAttachment('')
      setAi(false)
      setGroupName('')
      // Send was disabled while sending, which drops focus to the page: the next message starts here.
      textRef.current?.focus()
      onSent?.(response, request)
    } catch {
      // shown from `error`; focus stays in the form rather than on the page
      textRef.current?.focus()
    } finally {
      sending.current = false
    }
  }

  /** The one sentence for what is wrong with the recipients, or null when they are fine. */
  const recipientsProblem = (): string | null => {
    if (recipients.valid) return null
    if (!recipients.checked) return texts.recipientsChecking
    if (recipients.chips.some((c) => c.error)) return texts.recipientsInvalid
    if (recipients.numbers.length < MIN_GROUP_RECIPIENTS) return texts.recipientsTooFew(MIN_GROUP_RECIPIENTS)
    if (recipients.numbers.length > MAX_GROUP_RECIPIENTS)
      return texts.recipientsTooMany(MAX_GROUP_RECIPIENTS, recipients.numbers.length - MAX_GROUP_RECIPIENTS)
    return texts.recipientsError
  }

  /** Checks the form and sends it, or says what is wrong (`invalid`). */
  const submit = () => {
    const message = text.trim()
    const url = attachment.trim()
    if (message === '' && url === '') return setInvalid(texts.emptyError)
    const problem = recipientsProblem()
    if (problem) return setInvalid(problem)
    if (url !== '' && !safeHttpUrl(url)) return setInvalid(texts.urlError)
    if (ai && message === '') return setInvalid(texts.aiNeedsText)
    setInvalid(null)
    void send({
      numbers: recipients.numbers,
      ...(message !== '' ? { message: text } : {}),
      // spec: media and audio attachments are mutually exclusive on group sends
      ...(url !== '' ? (attachmentKind === 'media' ? { mediaAttachmentUrl: url } : { audioAttachmentUrl: url }) : {}),
      ...(ai ? { enableAiVoiceMemo: true } : {}),
      ...(groupName.trim() !== '' ? { groupName: groupName.trim() } : {}),
      ...(lineId !== undefined && !trial ? { lineId } : {}),
      // One key per composed message: a double submit is a replay and sends nothing.
      idempotencyKey: (composedKey.current ??= newIdempotencyKey()),
    })
  }

  const resendOnGroupLine = () => {
    const prev = lastRequest.current
    if (!prev) return
    const { lineId: _drop, ...rest } = prev
    // A new key: this is a different request (another line), not a replay.
    void send({
      ...rest,
      ...(conflictLine?.line ? { lineId: conflictLine.line.lineId } : {}),
      idempotencyKey: newIdempotencyKey(),
    })
  }
  // Waiting for the connection, the send may be taken back: nothing goes, the form keeps it all.
  const waitingForConnection = mutation.isPending && mutation.wait?.reason === 'offline'
  const cancelSend = () => {
    mutation.cancel()
    // The Cancel button leaves with its notice: the agent goes on in the message.
    textRef.current?.focus()
  }
  const openThread = () => {
    if (!result || !chatId) return
    onOpenThread?.({
      chatId,
      participants: result.response.recipients,
      ...(result.lineId !== undefined ? { lineId: result.lineId } : {}),
    })
  }

  const state: GroupComposerState = trial
    ? 'trial'
    : mutation.isPending
      ? 'sending'
      : result
        ? 'sent'
        : conflictLine
          ? 'conflict'
          : error
            ? 'error'
            : 'idle'
  const sentLine = result ? lines.lines.find((l: Line) => l.lineId === result.lineId) : undefined

  const formProps: FormHTMLAttributes<HTMLFormElement> = {
    noValidate: true,
    onSubmit: (e: FormEvent) => {
      e.preventDefault()
      submit()
    },
  }
  const recipientInputProps = {
    value: entries,
    defaultCountry,
    disabled: trial,
    onValueChange: (v: RecipientInputValue) => edit(setEntries)(v.entries),
  }
  const groupNameInputProps: InputHTMLAttributes<HTMLInputElement> = {
    type: 'text',
    value: groupName,
    disabled: trial,
    onChange: (e: ChangeEvent<HTMLInputElement>) => edit(setGroupName)(e.currentTarget.value),
  }
  // `Ref`, not the `RefObject` it is: `RefObject<T | null>` does not spread onto an element under React 18's types.
  const messageInputProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref: Ref<HTMLTextAreaElement> } = {
    ref: textRef,
    rows: 3,
    value: text,
    disabled: trial,
    onChange: (e: ChangeEvent<HTMLTextAreaElement>) => edit(setText)(e.currentTarget.value),
  }
  const attachmentInputProps: InputHTMLAttributes<HTMLInputElement> = {
    type: 'url',
    inputMode: 'url',
    value: attachment,
    disabled: trial,
    'aria-invalid': invalid === texts.urlError || undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => edit(setAttachment)(e.currentTarget.value),
  }
  const attachmentKindSelectProps: SelectHTMLAttributes<HTMLSelectElement> = {
    value: attachmentKind,
    disabled: trial,
    onChange: (e: ChangeEvent<HTMLSelectElement>) =>
      edit(setAttachmentKind)(e.currentTarget.value as 'media' | 'audio'),
  }
  const aiCheckboxProps: InputHTMLAttributes<HTMLInputElement> = {
    type: 'checkbox',
    checked: ai,
    disabled: trial,
    onChange: (e: ChangeEvent<HTMLInputElement>) => edit(setAi)(e.currentTarget.checked),
  }
  const linePickerProps = {
    value: lineId ?? null,
    onValueChange: (next: string | null) => edit(setLineId)(next ?? undefined),
    showTrialNotice: false,
  }
  const submitButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = {
    type: 'submit',
    disabled: trial || mutation.isPending,
    'aria-disabled': trial || undefined,
  }
  const resendButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = { type: 'button', onClick: resendOnGroupLine }
  const cancelSendButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = { type: 'button', onClick: cancelSend }
  const openThreadButtonProps: ButtonHTMLAttributes<HTMLButtonElement> = { type: 'button', onClick: openThread }

  return {
    /** The merged strings. */
    strings: texts,
    state,
    trial,
    isPending: mutation.isPending,
    /** The send got no answer and waits for the connection (it goes by itself); `cancelSend` drops it. */
    waitingForConnection,
    /** The send's error (shown while nothing was sent since). */
    error,
    /** On a 409: the number and line the group lives on (a resend goes there). */
    conflictLine,
    /** The line the group lives on, for reading (its label, else its number). */
    conflictLineName: conflictLine?.line ? lineLabel(conflictLine.line) : (conflictLine?.phone ?? ''),
    /** What is wrong with the form, after a submit; null when nothing is. */
    invalid,
    /** The attachment link is what is wrong. */
    attachmentInvalid: invalid === texts.urlError,
    recipients,
    /** Whether the thread will be native chat or SMS (undefined until the recipients are valid). */
    channel,
    /** Recipients that cannot receive native chat. */
    smsCount,
    /** The valid recipients' numbers (empty while they are not valid). */
    numbers,
    /** The last send the service accepted. */
    result,
    /** The sent group's thread: `creating` until its message is listed, then `active` with its `chatId`. */
    thread,
    /** The line the last send went from, for reading. */
    sentFrom: sentLine ? lineLabel(sentLine) : (result?.response.devicePhoneNumber ?? undefined),
    /** The contact's name of a number, if any. */
    nameOf,
    entries,
    groupName,
    text,
    attachment,
    attachmentKind,
    ai,
    lineId,
    setEntries: edit(setEntries),
    setGroupName: edit(setGroupName),
    setText: edit(setText),
    setAttachment: edit(setAttachment),
    setAttachmentKind: edit(setAttachmentKind),
    setAi: edit(setAi),
    setLineId: edit(setLineId),
    submit,
    resendOnGroupLine,
    cancelSend,
    openThread,
    formProps,
    recipientInputProps,
    groupNameInputProps,
    messageInputProps,
    attachmentInputProps,
    attachmentKindSelectProps,
    aiCheckboxProps,
    linePickerProps,
    submitButtonProps,
    resendButtonProps,
    cancelSendButtonProps,
    openThreadButtonProps,
  }
}

/** What {@link useGroupComposer} returns. */
export type UseGroupComposerResult = ReturnType<typeof useGroupComposer>
