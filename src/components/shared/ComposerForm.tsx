'use client'
import type { FormHTMLAttributes, KeyboardEvent, ReactNode, Ref, RefObject } from 'react'

/** The row of a {@link ComposerForm}: what it shows and what it reports. */
interface ComposerRowProps {
  ids: string
  strings: { options: string; message: string; messageHelp: string; send: string; sending?: string }
  optionsOpen?: boolean
  /** Without it there is no options button. */
  onToggleOptions?: (() => void) | undefined
  optionsButtonRef?: RefObject<HTMLButtonElement | null>
  /** No typing and no sending (e.g. the group's members are not known). @default false */
  disabled?: boolean
  /** A send is on its way: Send says so and waits. @default false */
  sending?: boolean
  text: string
  onText: (text: string) => void
  onBlur?: () => void
  textInvalid: boolean
}

/**
 * The composer's form, shared by the 1:1 and group threads: what the thread shows above the row
 * (`children`), the row (the options button when the composer has options, the message box and
 * Send), then `footer`. Send and Enter (Shift+Enter adds a line) both call `onSend`; the browser
 * never submits it, and never checks its fields (the thread says what to fix, in its words).
 */
export function ComposerForm({
  row,
  onSend,
  formRef,
  footer,
  children,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  row: ComposerRowProps
  onSend: () => void
  formRef?: Ref<HTMLFormElement>
  footer?: ReactNode
}) {
  return (
    <form
      ref={formRef}
      {...props}
      onSubmit={(e) => {
        e.preventDefault()
        onSend()
      }}
      noValidate
    >
      {children}
      <ComposerRow {...row} onEnter={onSend} />
      {footer}
    </form>
  )
}

/** The options button, the message box (Enter sends, Shift+Enter adds a line) and Send. */
function ComposerRow({
  optionsButtonRef,
  ...props
}: ComposerRowProps & {
  onEnter: () => void
}) {
  const { ids, strings: texts, optionsOpen } = props
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      props.onEnter()
    }
  }
  return (
    <div className="lk-MessageComposer-row">
      {props.onToggleOptions ? (
        <button
          ref={optionsButtonRef}
          type="button"
          className="lk-Button lk-MessageComposer-more"
          data-variant="ghost"
          aria-label={texts.options}
          title={texts.options}
          aria-expanded={optionsOpen}
          aria-controls={optionsOpen ? `${ids}-options` : undefined}
          onClick={props.onToggleOptions}
        >
          <span aria-hidden="true">+</span>
        </button>
      ) : null}
      <div className="lk-Field lk-MessageComposer-text">
        <label htmlFor={`${ids}-text`} className="lk-sr-only">
          {texts.message}
        </label>
        <textarea
          id={`${ids}-text`}
          rows={1}
          placeholder={texts.message}
          value={props.text}
          disabled={props.disabled}
          aria-describedby={`${ids}-text-help`}
          aria-invalid={props.textInvalid || undefined}
          onChange={(e) => props.onText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={props.onBlur}
        />
        <span id={`${ids}-text-help`} className="lk-sr-only">
          {texts.messageHelp}
        </span>
      </div>
      <button type="submit" className="lk-Button lk-MessageComposer-send" disabled={props.disabled || props.sending}>
        {props.sending && texts.sending ? texts.sending : texts.send}
      </button>
    </div>
  )
}
