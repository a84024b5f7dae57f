'use client'

/** Strings of {@link AttachmentFields} (both composers carry them). */
export interface AttachmentFieldStrings {
  attachment: string
  attachmentHelp: string
  attachmentKind: string
  media: string
  audio: string
}

/** Props of {@link AttachmentFields}: the composer owns the state. */
interface AttachmentFieldsProps {
  /** Prefix of the fields' ids (`<ids>-url`, `<ids>-kind`). */
  ids: string
  s: AttachmentFieldStrings
  url: string
  onUrlChange: (url: string) => void
  kind: 'media' | 'audio'
  onKindChange: (kind: 'media' | 'audio') => void
  /** Marks the link field invalid (the composer shows why). */
  invalid?: boolean
  disabled?: boolean
}

/** The attachment link and its type (media or audio voice memo), shared by the composers. */
export function AttachmentFields({
  ids,
  s,
  url,
  onUrlChange,
  kind,
  onKindChange,
  invalid,
  disabled,
}: AttachmentFieldsProps) {
  return (
    <>
      <div className="lk-Field">
        <label htmlFor={`${ids}-url`}>{s.attachment}</label>
        <input
          id={`${ids}-url`}
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://"
          disabled={disabled}
          aria-describedby={`${ids}-url-help`}
          aria-invalid={invalid || undefined}
          onChange={(e) => onUrlChange(e.currentTarget.value)}
        />
        <span id={`${ids}-url-help`} className="lk-Field-help">
          {s.attachmentHelp}
        </span>
      </div>
      <div className="lk-Field">
        <label htmlFor={`${ids}-kind`}>{s.attachmentKind}</label>
        <select
          id={`${ids}-kind`}
          value={kind}
          disabled={disabled}
          onChange={(e) => onKindChange(e.currentTarget.value as 'media' | 'audio')}
        >
          <option value="media">{s.media}</option>
          <option value="audio">{s.audio}</option>
        </select>
      </div>
    </>
  )
}
