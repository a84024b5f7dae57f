'use client'
import * as Dialog from '@radix-ui/react-dialog'
import { useQueries } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type FormHTMLAttributes } from 'react'
import { MAX_GROUP_RECIPIENTS, MIN_GROUP_RECIPIENTS } from '../api/limits'
import type { CountryCode } from '../api/phone'
import type { GroupSendRequest, GroupSendResponse, Line } from '../api/schemas'
import { availabilityQueryOptions } from '../hooks/options'
import { useLines } from '../hooks/useLines'
import { useSendGroupMessage } from '../hooks/useSendGroupMessage'
import { useContactDirectory } from '../hooks/internal/useContactDirectory'
import { useGroupSendThread, type GroupSend } from '../hooks/internal/useGroupSendThread'
import { useLinekitClient } from '../provider/useLinekitClient'
import { cx } from './internal/cx'
import { mergeStrings, type StringOverrides } from './internal/mergeStrings'
import { useControllableState } from './internal/useControllableState'
import { describeLinekitError, type LinekitErrorStrings } from './errorMessages'
import { groupErrorRule, type GroupErrorStrings } from './errorMessages'
import { AttachmentFields } from './internal/AttachmentFields'
import { safeHttpUrl } from './internal/url'
import { LinePicker, type LinePickerStrings } from './LinePicker'
import { lineLabel } from './lineLabel'
import { usePhoneNormalizer } from './internal/usePhoneNormalizer'
import { RecipientInput, recipientValue, type RecipientInputStrings } from './RecipientInput'

/** Default, overridable strings (i18n). */
export const groupComposerStrings = {
  label: 'New group message',
  groupName: 'Group name (optional)',
  groupNameHelp: 'Used only when this creates the group; an existing group keeps its name.',
  message: 'Message',
  attachment: 'Attachment link',
  attachmentHelp: 'One http(s) link: an image, video or contact card, or an audio voice memo.',
  attachmentKind: 'Attachment type',
  media: 'Image, video or contact card',
  audio: 'Voice memo (audio)',
  aiVoiceMemo: 'Send as an AI voice memo (spoken from the text)',
  send: 'Send to group',
  sending: 'Sending…',
  trial: 'Group messages are not available on trial accounts.',
  channelChecking: 'Checking whether every recipient is on native chat…',
  channelNative: 'This thread will use native chat: every recipient can receive it.',
  channelSms: (sms: number, total: number) =>
    `This thread will be SMS: ${sms} of ${total} recipients cannot receive native chat.`,
  channelUnknown: 'Whether this thread will be native chat or SMS could not be checked.',
  emptyError: 'Type a message or add an attachment link.',
  urlError: 'The attachment must be an http:// or https:// link.',
  aiNeedsText: 'An AI voice memo is spoken from the text: type a message.',
  recipientsError: 'A group needs 2 to 32 valid, distinct recipients.',
  recipientsTooFew: (min: number) => `Add at least ${min} recipients.`,
  recipientsTooMany: (max: number, extra: number) => `A group has at most ${max} recipients: remove ${extra}.`,
  recipientsInvalid: 'Fix or remove the numbers marked invalid.',
  recipientsChecking: 'The numbers are still being checked. Send again in a moment.',
  sent: 'Sent to the group.',
  recipientsLabel: 'Recipients',
  group: 'Group',
  created: 'New group created',
  reused: 'Existing group (its name, if any, was kept)',
  statusCreating: 'Creating the chat on the line…',
  statusActive: 'Active',
  groupStatus: 'Status',
  fromLine: 'Sent from',
  openThread: 'Open the group thread',
  conflict: (line: string) => `This group already lives on line ${line}. A group keeps the line it was created on.`,
  resendOn: (line: string) => `Resend from ${line}`,
  newMessage: 'Write another',
}
export type GroupComposerStrings = typeof groupComposerStrings

/**
 * Props of {@link GroupComposer}.
 *
 * State attributes on the root form: `data-state="idle" | "trial" | "sending" | "sent" | "error" | "conflict"`,
 * `data-channel="nativechat" | "SMS" | "checking" | "unknown"` once recipients are valid.
 */
export interface GroupComposerProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'children' | 'onSubmit'> {
  /** Initial recipients (any format). @default [] */
  defaultRecipients?: string[]
  /** Region for numbers without a country code. @default 'US' */
  defaultCountry?: CountryCode
  /**
   * While the sent message is not yet in the messages list (the group is `creating`), re-read the
   * list this often in case the event stream missed it; nothing is ever sent again. 0: events
   * only. @default 10000
   */
  statusPollMs?: number
  /** Called with the service's answer after a successful send (the form is cleared). */
  onSent?: (response: GroupSendResponse, request: GroupSendRequest) => void
  /**
   * Called once the sent message is listed, with the group's thread: its chat identifier,
   * participants and line. Open it, e.g. `<GroupConversation chatId={…} participants={…} />`.
   */
  onOpenThread?: (thread: { chatId: string; participants: string[]; lineId?: string }) => void
  /** String overrides. @default groupComposerStrings */
  strings?: StringOverrides<GroupComposerStrings> & {
    recipients?: StringOverrides<RecipientInputStrings>
    linePicker?: StringOverrides<LinePickerStrings>
  }
  /** Overrides of error sentences. */
  errorStrings?: Partial<LinekitErrorStrings & GroupErrorStrings>
}

/** A new idempotency key (one per composed message: a double submit is a replay, sends nothing). */
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `lk-${Date.now()}-${Math.random().toString(36).slice(2)}`

/**
 * Send one message to 2–32 people in one thread (spec: POST /send-group-message). Recipients
 * are chips (paste a list in any format; E.164, duplicates merged, invalid flagged, live count);
 * it shows before sending whether the thread will be native chat (every recipient reachable) or
 * SMS; after sending, the `pbg_` id, whether the group was created, and its status. Trial
 * accounts are told up front that groups are unavailable; a 409 offers to resend on the line the
 * group lives on. libphonenumber is loaded only when this component mounts.
 *
 * @example
 * <GroupComposer onSent={(res) => console.log(res.groupId)} />
 */
export function GroupComposer({
  defaultRecipients = [],
  defaultCountry = 'US',
  statusPollMs = 10_000,
  onSent,
  onOpenThread,
  strings,
  errorStrings,
  className,
  ...props
}: GroupComposerProps) {
  const s = mergeStrings(groupComposerStrings, strings)
  const ids = useId()
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
  const nameOf = useContactDirectory()
  const thread = useGroupSendThread(result, { pollMs: statusPollMs })
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
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      composedKey.current = null
      set(v)
    }

  const numbers = recipients.valid ? recipients.numbers : []
  const availability = useQueries({ queries: numbers.map((phone) => availabilityQueryOptions(client, phone)) })
  const channel =
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
      document.getElementById(`${ids}-text`)?.focus()
      onSent?.(response, request)
    } catch {
      // shown from mutation.error; focus stays in the form rather than on the page
      document.getElementById(`${ids}-text`)?.focus()
    } finally {
      sending.current = false
    }
  }

  /** The one sentence for what is wrong with the recipients, or null when they are fine. */
  const recipientsProblem = (): string | null => {
    if (recipients.valid) return null
    if (!recipients.checked) return s.recipientsChecking
    if (recipients.chips.some((c) => c.error)) return s.recipientsInvalid
    if (recipients.numbers.length < MIN_GROUP_RECIPIENTS) return s.recipientsTooFew(MIN_GROUP_RECIPIENTS)
    if (recipients.numbers.length > MAX_GROUP_RECIPIENTS)
      return s.recipientsTooMany(MAX_GROUP_RECIPIENTS, recipients.numbers.length - MAX_GROUP_RECIPIENTS)
    return s.recipientsError
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const message = text.trim()
    const url = attachment.trim()
    if (message === '' && url === '') return setInvalid(s.emptyError)
    const problem = recipientsProblem()
    if (problem) return setInvalid(problem)
    if (url !== '' && !safeHttpUrl(url)) return setInvalid(s.urlError)
    if (ai && message === '') return setInvalid(s.aiNeedsText)
    setInvalid(null)
    void send({
      numbers: recipients.numbers,
      ...(message !== '' ? { message: text } : {}),
      // spec: media and audio attachments are mutually exclusive on group sends
      ...(url !== '' ? (attachmentKind === 'media' ? { mediaAttachmentUrl: url } : { audioAttachmentUrl: url }) : {}),
      ...(ai ? { enableAiVoiceMemo: true } : {}),
      ...(groupName.trim() !== '' ? { groupName: groupName.trim() } : {}),
      ...(lineId !== undefined && !trial ? { lineId } : {}),
      idempotencyKey: (composedKey.current ??= newKey()),
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
      idempotencyKey: newKey(),
    })
  }

  const state = trial
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
  const sentFrom = sentLine ? lineLabel(sentLine) : (result?.response.devicePhoneNumber ?? undefined)
  const lineName = conflictLine?.line ? lineLabel(conflictLine.line) : (conflictLine?.phone ?? '')

  return (
    <form
      aria-label={s.label}
      {...props}
      className={cx('lk-GroupComposer', className)}
      data-state={state}
      data-channel={channel}
      onSubmit={submit}
      noValidate
    >
      {trial ? (
        <p className="lk-Notice" data-tone="warning">
          {s.trial}
        </p>
      ) : null}
      <RecipientInput
        value={entries}
        defaultCountry={defaultCountry}
        disabled={trial}
        strings={strings?.recipients}
        onValueChange={(v) => edit(setEntries)(v.entries)}
      />
      {channel ? (
        <p
          className="lk-GroupComposer-channel lk-Notice"
          data-channel={channel}
          data-tone={channel === 'SMS' ? 'warning' : undefined}
        >
          {channel === 'nativechat'
            ? s.channelNative
            : channel === 'SMS'
              ? s.channelSms(smsCount, numbers.length)
              : channel === 'checking'
                ? s.channelChecking
                : s.channelUnknown}
        </p>
      ) : null}
      <div className="lk-Field">
        <label htmlFor={`${ids}-name`}>{s.groupName}</label>
        <input
          id={`${ids}-name`}
          type="text"
          value={groupName}
          disabled={trial}
          aria-describedby={`${ids}-name-help`}
          onChange={(e) => edit(setGroupName)(e.currentTarget.value)}
        />
        <span id={`${ids}-name-help`} className="lk-Field-help">
          {s.groupNameHelp}
        </span>
      </div>
      <div className="lk-Field">
        <label htmlFor={`${ids}-text`}>{s.message}</label>
        <textarea
          id={`${ids}-text`}
          rows={3}
          value={text}
          disabled={trial}
          onChange={(e) => edit(setText)(e.currentTarget.value)}
        />
      </div>
      <AttachmentFields
        ids={ids}
        s={s}
        url={attachment}
        onUrlChange={edit(setAttachment)}
        kind={attachmentKind}
        onKindChange={edit(setAttachmentKind)}
        invalid={invalid === s.urlError}
        disabled={trial}
      />
      <div className="lk-Field lk-Field-check">
        <label>
          <input type="checkbox" checked={ai} disabled={trial} onChange={(e) => edit(setAi)(e.currentTarget.checked)} />{' '}
          {s.aiVoiceMemo}
        </label>
      </div>
      <LinePicker
        value={lineId ?? null}
        onValueChange={(next) => edit(setLineId)(next ?? undefined)}
        showTrialNotice={false}
        strings={strings?.linePicker}
        errorStrings={errorStrings}
      />
      {invalid ? (
        <p className="lk-Notice" data-tone="danger" role="alert">
          {invalid}
        </p>
      ) : null}
      {error && !mutation.isPending && !result ? (
        <div className="lk-Notice" data-tone="danger" role="alert">
          <p>
            {conflictLine
              ? s.conflict(lineName)
              : describeLinekitError(error, groupErrorRule(errorStrings), errorStrings)}
          </p>
          {conflictLine ? (
            <button type="button" className="lk-Button" onClick={resendOnGroupLine}>
              {s.resendOn(lineName)}
            </button>
          ) : null}
        </div>
      ) : null}
      {result ? (
        <div className="lk-Notice lk-GroupComposer-result" data-tone="success" role="status">
          <p>{s.sent}</p>
          <dl>
            <dt>{s.recipientsLabel}</dt>
            <dd>{result.response.recipients.map((p) => nameOf(p) ?? p).join(', ')}</dd>
            <dt>{s.group}</dt>
            <dd data-group-id={result.response.groupId ?? undefined}>
              {result.response.created ? s.created : s.reused}
            </dd>
            <dt>{s.groupStatus}</dt>
            <dd data-group-status={thread?.status}>
              {thread?.status === 'active' ? s.statusActive : s.statusCreating}
            </dd>
            {sentFrom ? (
              <>
                <dt>{s.fromLine}</dt>
                <dd>{sentFrom}</dd>
              </>
            ) : null}
          </dl>
          {chatId && onOpenThread ? (
            <button
              type="button"
              className="lk-Button"
              data-variant="small"
              onClick={() =>
                onOpenThread({
                  chatId,
                  participants: result.response.recipients,
                  ...(result.lineId !== undefined ? { lineId: result.lineId } : {}),
                })
              }
            >
              {s.openThread}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="lk-GroupComposer-actions">
        <button
          type="submit"
          className="lk-Button"
          disabled={trial || mutation.isPending}
          aria-disabled={trial || undefined}
        >
          {mutation.isPending ? s.sending : s.send}
        </button>
      </div>
    </form>
  )
}

/** Default, overridable strings of {@link GroupComposerDialog} (i18n). */
export const groupComposerDialogStrings = {
  trigger: 'New group message',
  title: 'New group message',
  description: 'One message to 2 to 32 people in one thread.',
  close: 'Close',
}
export type GroupComposerDialogStrings = typeof groupComposerDialogStrings

/** Props of {@link GroupComposerDialog}: the composer's, plus the dialog's state. */
export interface GroupComposerDialogProps extends GroupComposerProps {
  /** Whether the dialog is open (controlled). */
  open?: boolean
  /** Initially open (uncontrolled). @default false */
  defaultOpen?: boolean
  /** Called when the dialog opens or closes. */
  onOpenChange?: (open: boolean) => void
  /** Dialog string overrides. @default groupComposerDialogStrings */
  dialogStrings?: StringOverrides<GroupComposerDialogStrings>
}

/**
 * {@link GroupComposer} in a modal dialog (Radix Dialog: focus is trapped inside, Escape closes,
 * focus returns to the trigger). It closes when the new group thread opens (`onOpenThread`).
 * Data attributes of the dialog's content: `data-state="open" | "closed"`.
 *
 * @example
 * <GroupComposerDialog onOpenThread={(t) => setGroup(t)} />
 */
export function GroupComposerDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  dialogStrings,
  onOpenThread,
  ...props
}: GroupComposerDialogProps) {
  const d = mergeStrings(groupComposerDialogStrings, dialogStrings)
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
    caller: 'GroupComposerDialog',
  })
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="lk-Button">{d.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="lk-Dialog-overlay" />
        <Dialog.Content className="lk-Dialog">
          <div className="lk-Dialog-head">
            <Dialog.Title className="lk-Dialog-title">{d.title}</Dialog.Title>
            <Dialog.Close className="lk-Button" data-variant="ghost small" aria-label={d.close}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="lk-Dialog-description">{d.description}</Dialog.Description>
          <GroupComposer
            {...props}
            onOpenThread={(thread) => {
              onOpenThread?.(thread)
              setOpen(false)
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
