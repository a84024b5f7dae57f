'use client'
import { useState, type HTMLAttributes, type ReactNode } from 'react'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { attachmentKind, fileName, safeHttpUrl, type AttachmentKind } from '../../shared/url'
import { VoiceMemoPlayer, type VoiceMemoPlayerStrings } from './VoiceMemoPlayer'

/** Default, overridable strings (i18n). */
export const messageAttachmentStrings = {
  image: 'Image attachment',
  video: 'Video attachment',
  contact: 'Contact card',
  contactOpen: 'Open contact card',
  file: 'Attachment',
  voiceMemo: 'Voice memo',
  aiVoiceMemo: 'AI voice memo',
  unsafe: 'Attachment not shown: its link is not a web address.',
  imageError: 'The image could not be loaded.',
  videoError: 'The video could not be loaded.',
}
export type MessageAttachmentStrings = typeof messageAttachmentStrings

/**
 * Props of {@link MessageAttachment}.
 *
 * State attributes on the root: `data-kind="image" | "video" | "audio" | "contact" | "file"`,
 * `data-unsafe` when the URL was refused (not http/https).
 */
export interface MessageAttachmentProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The attachment URL (`media_attachment_url` or `voice_attachment_url`). */
  url: string
  /** Force a kind; by default it is guessed from the extension, and voice attachments pass `audio`. */
  kind?: AttachmentKind
  /** For audio: says "AI voice memo" instead of "Voice memo". @default false */
  aiVoiceMemo?: boolean
  /** String overrides. @default messageAttachmentStrings */
  strings?: StringOverrides<MessageAttachmentStrings & VoiceMemoPlayerStrings>
}

/**
 * Renders one attachment of a message: an image, a video, a contact card (vCard link), a voice
 * memo (with `<VoiceMemoPlayer>`) or a plain link. Only absolute http(s) URLs are rendered;
 * anything else (e.g. `javascript:`) is replaced by a note.
 *
 * @example
 * <MessageAttachment url={message.media_attachment_url} />
 */
export function MessageAttachment({
  url,
  kind,
  aiVoiceMemo = false,
  strings,
  className,
  ...props
}: MessageAttachmentProps) {
  const texts = mergeStrings(messageAttachmentStrings, strings)
  const safe = safeHttpUrl(url)
  // An image or video that fails to load becomes a link to it with a sentence, not a broken box.
  const [failed, setFailed] = useState(false)
  if (!safe) {
    return (
      <div {...props} className={cx('lk-MessageAttachment', className)} data-kind={kind ?? 'file'} data-unsafe="">
        {texts.unsafe}
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
        failed ? (
          <a href={safe} target="_blank" rel="noreferrer noopener">
            {texts.imageError} {fileName(safe)}
          </a>
        ) : (
          <a href={safe} target="_blank" rel="noreferrer noopener" className="lk-MessageAttachment-imageLink">
            <img src={safe} alt={texts.image} loading="lazy" decoding="async" onError={() => setFailed(true)} />
          </a>
        ),
      )
    case 'video':
      return root(
        failed ? (
          <a href={safe} target="_blank" rel="noreferrer noopener">
            {texts.videoError} {fileName(safe)}
          </a>
        ) : (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- videos sent by people have no caption track
          <video src={safe} controls preload="metadata" aria-label={texts.video} onError={() => setFailed(true)}>
            <a href={safe}>{texts.video}</a>
          </video>
        ),
      )
    case 'audio':
      return root(
        <VoiceMemoPlayer src={safe} label={aiVoiceMemo ? texts.aiVoiceMemo : texts.voiceMemo} strings={strings} />,
      )
    case 'contact':
      return root(
        <a href={safe} className="lk-MessageAttachment-contact" target="_blank" rel="noreferrer noopener" download>
          <span aria-hidden="true">👤 </span>
          {texts.contactOpen}
          <span className="lk-MessageAttachment-name"> ({fileName(safe)})</span>
        </a>,
      )
    default:
      return root(
        <a href={safe} target="_blank" rel="noreferrer noopener">
          {texts.file}: {fileName(safe)}
        </a>,
      )
  }
}
