'use client'
import type { Effect } from '../../api/values'
import type { MessageComposerProps, MessageComposerStrings } from '../MessageComposer'
import { AttachmentFields } from './AttachmentFields'
import LinePicker from './LinePickerImpl'
import { bubbleEffects, screenEffects } from '../../api/values'
import type { ErrorStrings } from './errors'

/** Props of the composer's option panel: the composer owns the state. */
export interface ComposerOptionsProps {
  ids: string
  s: MessageComposerStrings
  strings: MessageComposerProps['strings']
  errorStrings: Partial<ErrorStrings> | undefined
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
export default function ComposerOptions({
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
          value={pickedLine}
          onValueChange={setPickedLine}
          strings={strings?.linePicker}
          errorStrings={errorStrings}
        />
      ) : null}
    </div>
  )
}
