'use client'
import { useEffect, useRef } from 'react'
import type { Effect } from '../../../api/values'
import { bubbleEffects, screenEffects } from '../../../api/values'
import { LinePicker, type LinePickerStrings } from '../LinePicker/LinePicker'
import { AttachmentFields, type AttachmentFieldStrings } from '../../shared/AttachmentFields'
import type { LinekitErrorStrings } from '../../shared/errorMessages'
import type { StringOverrides } from '../../shared/mergeStrings'

/** The composer strings the options panel shows (a part of `messageComposerStrings`). */
interface ComposerOptionStrings extends AttachmentFieldStrings {
  aiVoiceMemo: string
  effect: string
  noEffect: string
  bubbleEffects: string
  screenEffects: string
  effectNames: Record<Effect, string>
  effectsSms: string
  effectsChecking: string
}

/** Props of the composer's option panel: the composer owns the state. */
interface ComposerOptionsProps {
  ids: string
  s: ComposerOptionStrings
  strings: { linePicker?: StringOverrides<LinePickerStrings> | undefined } | undefined
  errorStrings: StringOverrides<LinekitErrorStrings> | undefined
  attachment: string
  setAttachment: (v: string) => void
  attachmentKind: 'media' | 'audio'
  setAttachmentKind: (v: 'media' | 'audio') => void
  ai: boolean
  setAi: (v: boolean) => void
  effect: Effect | ''
  setEffect: (v: Effect | '') => void
  effectsAllowed: boolean
  nativeChat: boolean | undefined
  urlInvalid: boolean
  showLinePicker: boolean
  pickedLine: string | undefined
  setPickedLine: (v: string | undefined) => void
}

/** The composer's options (attachment, AI voice memo, effect, line), loaded on first open. */
export function ComposerOptions({
  ids,
  s,
  strings,
  errorStrings,
  attachment,
  setAttachment,
  attachmentKind,
  setAttachmentKind,
  ai,
  setAi,
  effect,
  setEffect,
  effectsAllowed,
  nativeChat,
  urlInvalid,
  showLinePicker,
  pickedLine,
  setPickedLine,
}: ComposerOptionsProps) {
  return (
    <div className="lk-MessageComposer-options" id={`${ids}-options`}>
      <AttachmentFields
        ids={ids}
        s={s}
        url={attachment}
        onUrlChange={setAttachment}
        kind={attachmentKind}
        onKindChange={setAttachmentKind}
        invalid={urlInvalid}
      />
      <div className="lk-Field lk-Field-check">
        <label>
          <input type="checkbox" checked={ai} onChange={(e) => setAi(e.currentTarget.checked)} /> {s.aiVoiceMemo}
        </label>
      </div>
      <div className="lk-Field">
        <label htmlFor={`${ids}-effect`}>{s.effect}</label>
        <select
          id={`${ids}-effect`}
          value={effectsAllowed ? effect : ''}
          disabled={!effectsAllowed}
          aria-describedby={effectsAllowed ? undefined : `${ids}-effect-help`}
          onChange={(e) => setEffect(e.currentTarget.value as Effect | '')}
        >
          <option value="">{s.noEffect}</option>
          <optgroup label={s.bubbleEffects}>
            {bubbleEffects.map((fx) => (
              <option key={fx} value={fx}>
                {s.effectNames[fx]}
              </option>
            ))}
          </optgroup>
          <optgroup label={s.screenEffects}>
            {screenEffects.map((fx) => (
              <option key={fx} value={fx}>
                {s.effectNames[fx]}
              </option>
            ))}
          </optgroup>
        </select>
        {effectsAllowed ? null : (
          <span id={`${ids}-effect-help`} className="lk-Field-help">
            {nativeChat === false ? s.effectsSms : s.effectsChecking}
          </span>
        )}
      </div>
      {showLinePicker ? (
        <LinePicker
          value={pickedLine ?? null}
          onValueChange={(next) => setPickedLine(next ?? undefined)}
          strings={strings?.linePicker}
          errorStrings={errorStrings}
        />
      ) : null}
    </div>
  )
}

/**
 * Escape closes the options tray; focus inside it would fall to the page, so it returns to the
 * button that opened it (the returned ref goes on that button).
 */
export function useEscapeClosesTray(open: boolean, setOpen: (open: boolean) => void, trayId: string) {
  const opener = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      if (document.getElementById(trayId)?.contains(document.activeElement)) opener.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, setOpen, trayId])
  return opener
}
