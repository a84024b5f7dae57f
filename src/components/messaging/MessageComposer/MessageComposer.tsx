'use client'
import { lazy, Suspense, useId, useRef, useState, type FormHTMLAttributes } from 'react'
import type { Effect } from '../../../api/values'
import type { SendMessageRequest } from '../../../api/schemas'
import { useLines } from '../../../hooks/useLines'
import { useSendMessage } from '../../../hooks/useSendMessage'
import { useLinekit } from '../../../provider/useLinekit'
import type { ComposerAttachment, ComposerUploadStrings } from '../../shared/ComposerUploads'
import { draftKey, useCaretAtEnd, useDraft } from '../../../hooks/internal/drafts'
import { ComposerOptions, useEscapeClosesTray } from './ComposerOptions'
import { useKeystrokeWindow } from './useKeystrokeWindow'
import { ComposerForm } from '../../shared/ComposerForm'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { describeLinekitError, type LinekitErrorStrings } from '../../shared/errorMessages'
import { safeHttpUrl } from '../../shared/url'
import type { LinePickerStrings } from '../LinePicker/LinePicker'
import { TypingIndicator, type TypingIndicatorStrings } from '../TypingIndicator/TypingIndicator'

/** Default, overridable strings (i18n). */
export const messageComposerStrings = {
  label: 'Write a message',
  options: 'Attachment, effect and line',
  message: 'Message',
  messageHelp: 'Enter sends, Shift+Enter starts a new line.',
  send: 'Send',
  sending: 'Sending…',
  attachment: 'Attachment link',
  attachmentHelp: 'One http(s) link to an image, video, contact card or audio file.',
  attachmentKind: 'Attachment type',
  media: 'Image, video or contact card',
  audio: 'Voice memo (audio)',
  aiVoiceMemo: 'Send as an AI voice memo (spoken from the text)',
  effect: 'Send effect',
  noEffect: 'None',
  bubbleEffects: 'Bubble',
  screenEffects: 'Screen',
  effectsSms: 'Send effects work only on native chat; this number receives SMS.',
  effectsChecking: 'Send effects become available once the number is confirmed to be on native chat.',
  emptyError: 'Type a message or add an attachment link.',
  notSent: (reason: string) => `Your message was not sent. ${reason}`,
  urlError: 'The attachment must be an http:// or https:// link.',
  aiNeedsText: 'An AI voice memo is spoken from the text: type a message.',
  stillUploading: 'The attachment is still uploading: wait for it, or cancel it.',
  effectNames: {
    slam: 'Slam',
    loud: 'Loud',
    gentle: 'Gentle',
    'invisible-ink': 'Invisible ink',
    confetti: 'Confetti',
    balloons: 'Balloons',
    hearts: 'Hearts',
    lasers: 'Lasers',
    fireworks: 'Fireworks',
    echo: 'Echo',
    spotlight: 'Spotlight',
    'shooting-star': 'Shooting star',
    celebration: 'Celebration',
  } as Record<Effect, string>,
}
export type MessageComposerStrings = typeof messageComposerStrings

// Only pages whose provider has `uploadAttachment` load the picker, drop, paste and recorder.
const ComposerUploads = lazy(() => import('../../shared/ComposerUploads'))

/**
 * Props of {@link MessageComposer}.
 *
 * State attributes on the root form: `data-options-open` while the options are shown; `data-state="idle" | "sending" | "invalid" | "error"` (`error`:
 * the last send failed; the reason and Retry are on its bubble in the thread),
 * `data-native-chat="true" | "false"` once availability is known.
 */
export interface MessageComposerProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'children' | 'onSubmit'> {
  /** Recipient (E.164). */
  phoneNumber: string
  /**
   * Send from this line; when given the line picker is not shown. Not sent on a trial account
   * (spec: a `lineId` override is rejected there): its sends are load balanced.
   */
  lineId?: string
  /** Whether the destination receives native chat (`useAvailability`); effects are offered only when `true`. */
  nativeChat?: boolean | undefined
  /** Whether a conversation with this number exists (typing indicators need one). @default false */
  hasConversation?: boolean
  /** Show the line picker (hidden anyway on trial accounts). @default true */
  showLinePicker?: boolean
  /** Start with the options (attachment, voice memo, effect, line) shown. @default false */
  defaultOptionsOpen?: boolean
  /** Show the typing indicator while composing. @default true */
  showTypingIndicator?: boolean
  /** The user counts as typing until this long after their last keystroke. @default 4000 */
  typingTimeoutMs?: number
  /** Called after a send was handed to the data layer (it shows up in the thread at once). */
  onSent?: (body: SendMessageRequest) => void
  /** String overrides. @default messageComposerStrings */
  strings?: StringOverrides<MessageComposerStrings> & {
    linePicker?: StringOverrides<LinePickerStrings>
    typing?: StringOverrides<TypingIndicatorStrings>
    uploads?: StringOverrides<ComposerUploadStrings>
  }
  /** Overrides of error sentences. */
  errorStrings?: Partial<LinekitErrorStrings>
}

/** The send request the composer's fields make, or the sentence that says what to fix first. */
function composeSend(
  f: {
    phoneNumber: string
    text: string
    upload: ComposerAttachment | null
    attachment: string
    attachmentKind: 'media' | 'audio'
    ai: boolean
    effect: Effect | ''
    effectsAllowed: boolean
    line: string | undefined
  },
  s: MessageComposerStrings,
): { body: SendMessageRequest } | { invalid: string } {
  const message = f.text.trim()
  if (f.upload && f.upload.url === undefined) return { invalid: s.stillUploading }
  const url = f.upload?.url ?? f.attachment.trim()
  const kind = f.upload?.kind ?? f.attachmentKind
  if (message === '' && url === '') return { invalid: s.emptyError }
  if (url !== '' && !safeHttpUrl(url)) return { invalid: s.urlError }
  if (f.ai && message === '') return { invalid: s.aiNeedsText }
  const body: SendMessageRequest = {
    phone: f.phoneNumber,
    ...(message !== '' ? { message: f.text } : {}),
    ...(url !== '' ? (kind === 'media' ? { mediaAttachmentUrl: url } : { audioAttachmentUrl: url }) : {}),
    ...(f.ai ? { enableAiVoiceMemo: true } : {}),
    // spec: effect is native-chat only; an SMS destination returns 400.
    ...(f.effect !== '' && f.effectsAllowed ? { effect: f.effect } : {}),
    ...(f.line !== undefined ? { lineId: f.line } : {}),
  }
  return { body }
}

/**
 * The composer of a 1:1 thread: text (Enter sends, Shift+Enter adds a line), one attachment by
 * http(s) link, an AI voice memo toggle, send effects only when the destination is native chat
 * (explained otherwise), and the line picker (hidden on trial accounts). It checks what the
 * service would refuse before sending and says why. The text is kept per thread in this browser
 * (`localStorage`) until it is sent, and the options tray closes after a send. Themed through
 * `.lk-Field` and `--lk-*`.
 *
 * @example
 * <MessageComposer phoneNumber="+14155550100" nativeChat={availability.data?.available} />
 */
export function MessageComposer({
  phoneNumber,
  lineId,
  nativeChat,
  hasConversation = false,
  showLinePicker = true,
  showTypingIndicator = true,
  typingTimeoutMs = 4000,
  defaultOptionsOpen = false,
  onSent,
  strings,
  errorStrings,
  className,
  ...props
}: MessageComposerProps) {
  const texts = mergeStrings(messageComposerStrings, strings)
  const ids = useId()
  const { mutate: send, isPending, error: lastError } = useSendMessage()
  // spec: trial accounts — a lineId override is rejected, so a trial account never sends one (the
  // lines listing's trial descriptor says which account this is).
  const trial = useLines().trial
  const lineOverride = trial ? undefined : lineId
  // The text is the thread's draft: it survives switching threads and a reload.
  const [text, setText] = useDraft(draftKey(phoneNumber))
  const [attachment, setAttachment] = useState('')
  const [attachmentKind, setAttachmentKind] = useState<'media' | 'audio'>('media')
  const [ai, setAi] = useState(false)
  const [effect, setEffect] = useState<Effect | ''>('')
  const [pickedLine, setPickedLine] = useState<string | undefined>(undefined)
  const [invalid, setInvalid] = useState<string | null>(null)
  const [typedAt, setTypedAt, keystroke] = useKeystrokeWindow(typingTimeoutMs)
  const [optionsOpen, setOptionsOpen] = useState(defaultOptionsOpen)
  // With the provider's `uploadAttachment`: the uploaded file to send (the link tray otherwise).
  const { uploads } = useLinekit()
  const formRef = useRef<HTMLFormElement>(null)
  useCaretAtEnd(formRef, draftKey(phoneNumber))
  const [upload, setUpload] = useState<ComposerAttachment | null>(null)
  const [uploadRound, setUploadRound] = useState(0)

  const optionsButtonRef = useEscapeClosesTray(optionsOpen, setOptionsOpen, `${ids}-options`)

  const effectsAllowed = nativeChat === true
  const composing = typedAt !== 0 && text.trim() !== ''

  const submit = () => {
    const line = trial ? undefined : (lineId ?? pickedLine)
    const composed = composeSend(
      { phoneNumber, text, upload, attachment, attachmentKind, ai, effect, effectsAllowed, line },
      texts,
    )
    if ('invalid' in composed) {
      // The link is in the tray: open it to show the link that needs fixing.
      if (composed.invalid === texts.urlError) setOptionsOpen(true)
      return setInvalid(composed.invalid)
    }
    setInvalid(null)
    const { body } = composed
    setText('')
    setTypedAt(0)
    setAttachment('')
    if (upload) {
      setUpload(null)
      setUploadRound((n) => n + 1)
    }
    setAi(false)
    setEffect('')
    // The tray would cover the new bubble and its status; focus inside it returns to the box.
    if (document.getElementById(`${ids}-options`)?.contains(document.activeElement))
      document.getElementById(`${ids}-text`)?.focus()
    setOptionsOpen(false)
    send(body)
    onSent?.(body)
  }

  const onText = (value: string) => {
    setText(value)
    keystroke()
  }

  const state = isPending ? 'sending' : invalid ? 'invalid' : lastError ? 'error' : 'idle'
  return (
    <ComposerForm
      formRef={formRef}
      aria-label={texts.label}
      {...props}
      className={cx('lk-MessageComposer', className)}
      data-state={state}
      data-native-chat={nativeChat === undefined ? undefined : String(nativeChat)}
      data-options-open={optionsOpen || undefined}
      onSend={submit}
      row={{
        ids,
        strings: texts,
        optionsOpen,
        onToggleOptions: () => setOptionsOpen(!optionsOpen),
        optionsButtonRef,
        text,
        onText,
        onBlur: () => setTypedAt(0),
        textInvalid: invalid === texts.emptyError || invalid === texts.aiNeedsText,
      }}
      footer={
        <>
          {invalid ? (
            <p className="lk-Notice" data-tone="danger" role="alert">
              {invalid}
            </p>
          ) : null}
          {/* Failed sends are announced; the reason and Retry (when it can help) are on the bubble. */}
          <p className="lk-sr-only" role="status" aria-live="assertive">
            {lastError && !isPending ? texts.notSent(describeLinekitError(lastError, 'send', errorStrings)) : ''}
          </p>
        </>
      }
    >
      {showTypingIndicator ? (
        <TypingIndicator
          phoneNumber={phoneNumber}
          {...(lineOverride !== undefined ? { lineId: lineOverride } : {})}
          active={composing && hasConversation && nativeChat !== false}
          strings={strings?.typing}
          errorStrings={errorStrings}
        />
      ) : null}
      {/* The options open in a tray above the input: Send never moves out of view. */}
      {optionsOpen ? (
        <ComposerOptions
          ids={ids}
          s={texts}
          strings={strings}
          errorStrings={errorStrings}
          attachment={attachment}
          setAttachment={setAttachment}
          attachmentKind={attachmentKind}
          setAttachmentKind={setAttachmentKind}
          ai={ai}
          setAi={setAi}
          effect={effect}
          setEffect={setEffect}
          effectsAllowed={effectsAllowed}
          nativeChat={nativeChat}
          urlInvalid={invalid === texts.urlError}
          showLinePicker={showLinePicker && lineId === undefined}
          pickedLine={pickedLine}
          setPickedLine={setPickedLine}
        />
      ) : null}
      {uploads ? (
        <Suspense fallback={null}>
          <ComposerUploads
            key={uploadRound}
            ids={ids}
            uploads={uploads}
            formRef={formRef}
            onChange={setUpload}
            strings={strings?.uploads}
          />
        </Suspense>
      ) : null}
    </ComposerForm>
  )
}
