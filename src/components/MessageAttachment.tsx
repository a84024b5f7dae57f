'use client'
import { lazy, Suspense, type HTMLAttributes } from 'react'
import type { AttachmentKind } from './internal/url'
import type { VoiceMemoPlayerStrings } from './VoiceMemoPlayer'
import type { messageAttachmentStrings } from './internal/strings'

/** Default, overridable strings (i18n). */
export { messageAttachmentStrings } from './internal/strings'

export type MessageAttachmentStrings = typeof messageAttachmentStrings

/**
 * Props of {@link MessageAttachment}.
 *
 * State attributes on the root: `data-kind="image" | "video" | "audio" | "contact" | "file"`,
 * `data-unsafe` when the URL was refused (not http/https), `data-loading` for the moment the
 * renderer loads.
 */
export interface MessageAttachmentProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The attachment URL (`media_attachment_url` or `voice_attachment_url`). */
  url: string
  /** Force a kind; by default it is guessed from the extension, and voice attachments pass `audio`. */
  kind?: AttachmentKind
  /** For audio: says "AI voice memo" instead of "Voice memo". @default false */
  aiVoiceMemo?: boolean
  /** String overrides. @default messageAttachmentStrings */
  strings?: Partial<MessageAttachmentStrings & VoiceMemoPlayerStrings>
}

// The renderer (and the audio player) load on first use: most messages carry no attachment, and
// this keeps them out of <Conversation>'s initial bundle (issue 11 budget: provider +
// Conversation <= 25 KB gzip).
const Impl = lazy(() => import('./internal/lazyParts').then((m) => ({ default: m.MessageAttachmentImpl })))

/**
 * Renders one attachment of a message: an image, a video, a contact card (vCard link), a voice
 * memo (with `<VoiceMemoPlayer>`) or a plain link. Only absolute http(s) URLs are rendered;
 * anything else (e.g. `javascript:`) is replaced by a note. Loaded on first use (a `Suspense`
 * boundary is included).
 *
 * @example
 * <MessageAttachment url={message.media_attachment_url} />
 */
export function MessageAttachment(props: MessageAttachmentProps) {
  return (
    <Suspense fallback={<div className="lk-MessageAttachment" data-kind={props.kind ?? 'file'} data-loading="" />}>
      <Impl {...props} />
    </Suspense>
  )
}
