'use client'
import { useState, type ReactNode } from 'react'
import type { MessageAttachmentProps } from '../MessageAttachment'
import { messageAttachmentStrings } from './strings'
import { cx } from './cx'
import { attachmentKind, fileName, safeHttpUrl } from './url'
import VoiceMemoPlayer from './VoiceMemoPlayerImpl'

/** Implementation of `<MessageAttachment>` (loaded on first use; see ../MessageAttachment.tsx). */
export default function MessageAttachmentImpl({
  url,
  kind,
  aiVoiceMemo = false,
  strings,
  className,
  ...props
}: MessageAttachmentProps) {
  const s = { ...messageAttachmentStrings, ...strings }
  const safe = safeHttpUrl(url)
  const [imageFailed, setImageFailed] = useState(false)
  if (!safe) {
    return (
      <div {...props} className={cx('lk-MessageAttachment', className)} data-kind={kind ?? 'file'} data-unsafe="">
        {s.unsafe}
      </div>
    )
  }
  const k = kind ?? attachmentKind(safe)
  const root = (children: ReactNode) => (
    <div {...props} className={cx('lk-MessageAttachment', className)} data-kind={k}>
      {children}
    </div>
  )
  switch (k) {
    case 'image':
      return root(
        imageFailed ? (
          <a href={safe} target="_blank" rel="noreferrer noopener">
            {s.imageError} {fileName(safe)}
          </a>
        ) : (
          <a href={safe} target="_blank" rel="noreferrer noopener" className="lk-MessageAttachment-imageLink">
            <img src={safe} alt={s.image} loading="lazy" decoding="async" onError={() => setImageFailed(true)} />
          </a>
        ),
      )
    case 'video':
      return root(
        // eslint-disable-next-line jsx-a11y/media-has-caption -- videos sent by people have no caption track
        <video src={safe} controls preload="metadata" aria-label={s.video}>
          <a href={safe}>{s.video}</a>
        </video>,
      )
    case 'audio':
      return root(<VoiceMemoPlayer src={safe} label={aiVoiceMemo ? s.aiVoiceMemo : s.voiceMemo} strings={strings} />)
    case 'contact':
      return root(
        <a href={safe} className="lk-MessageAttachment-contact" target="_blank" rel="noreferrer noopener" download>
          <span aria-hidden="true">👤 </span>
          {s.contactOpen}
          <span className="lk-MessageAttachment-name"> ({fileName(safe)})</span>
        </a>,
      )
    default:
      return root(
        <a href={safe} target="_blank" rel="noreferrer noopener">
          {s.file}: {fileName(safe)}
        </a>,
      )
  }
}
