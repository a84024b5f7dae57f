'use client'
import type { KeyboardEvent, RefObject } from 'react'

/**
 * The composer's row, shared by the 1:1 and group threads: the options button (when the composer
 * has options), the message box (Enter sends, Shift+Enter adds a line) and Send.
 */
export function ComposerRow({
  optionsButtonRef,
  ...props
}: {
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
  onEnter: () => void
  onBlur?: () => void
  textInvalid: boolean
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
