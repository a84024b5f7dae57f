/**
 * Returns the URL when it is an absolute http(s) URL, otherwise `null`. Attachment URLs come from
 * other people's messages: `javascript:`, `data:` and relative URLs are never rendered.
 */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}

/** What an attachment URL most likely is, judged by its path's extension. */
export type AttachmentKind = 'image' | 'video' | 'audio' | 'contact' | 'file'

const byExtension: Record<string, AttachmentKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  heic: 'image',
  avif: 'image',
  bmp: 'image',
  svg: 'image',
  mp4: 'video',
  mov: 'video',
  m4v: 'video',
  webm: 'video',
  '3gp': 'video',
  mp3: 'audio',
  m4a: 'audio',
  aac: 'audio',
  wav: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  caf: 'audio',
  amr: 'audio',
  vcf: 'contact',
  vcard: 'contact',
}

/** Guesses the kind of a (safe) attachment URL from its extension; unknown → `file`. */
export function attachmentKind(url: string): AttachmentKind {
  let path = url
  try {
    path = new URL(url).pathname
  } catch {
    // keep the raw string
  }
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase()
  return (ext && byExtension[ext]) || 'file'
}

/** The last path segment, for a link's visible name. */
export function fileName(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop()
    return last ? decodeURIComponent(last) : url
  } catch {
    return url
  }
}
