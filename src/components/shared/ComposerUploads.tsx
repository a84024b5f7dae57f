'use client'
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import type { UploadSettings } from '../../provider/uploads'
// Type-only imports: this lazily loaded module shares no code with the page's initial chunks
// (a bundler would otherwise split the shared modules into chunks of their own).
import type { StringOverrides } from './mergeStrings'

/** Default strings of the composer's uploads; override them with `<MessageComposer strings={{ uploads }}>`. */
const composerUploadStrings = {
  attach: 'Attach a file',
  record: 'Record a voice memo',
  stop: 'Stop recording',
  recording: 'Recording a voice memo…',
  elapsed: (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  level: 'Microphone level',
  listen: (name: string) => `Listen to ${name} before sending`,
  uploading: (name: string, percent: number) => `Uploading ${name}: ${percent}%`,
  uploaded: (name: string) => `${name} is ready to send`,
  cancel: (name: string) => `Cancel the upload of ${name}`,
  remove: (name: string) => `Remove ${name}`,
  cancelShort: 'Cancel',
  removeShort: 'Remove',
  failed: (name: string) => `${name} could not be uploaded. Remove it and try again.`,
  wrongType: (name: string) =>
    `${name} cannot be sent: pick an image, a video, a contact card (.vcf) or an audio file.`,
  tooLarge: (name: string, megabytes: number) => `${name} is larger than ${megabytes} MB.`,
  noLink: (name: string) => `${name} was stored without an https link, so it cannot be sent.`,
  microphone: 'The microphone could not be used to record.',
}
export type ComposerUploadStrings = typeof composerUploadStrings

/** What the composer sends once an upload is done (spec: POST /send-api-message attachment fields). */
export interface ComposerAttachment {
  kind: 'media' | 'audio'
  /** The stored file's URL; undefined while uploading or after a failure. */
  url: string | undefined
}

/**
 * spec: POST /send-api-message — `mediaAttachmentUrl` is an image, video or contact card,
 * `audioAttachmentUrl` a voice memo. The contract names no formats: these are the files of those kinds.
 */
function attachmentKindOf(file: File): 'media' | 'audio' | null {
  const type = file.type.toLowerCase()
  if (type.startsWith('audio/')) return 'audio'
  if (type.startsWith('image/') || type.startsWith('video/')) return 'media'
  if (type === 'text/vcard' || type === 'text/x-vcard' || type === 'text/directory') return 'media'
  if ((type === '' || type === 'application/octet-stream') && /\.vcf$/i.test(file.name)) return 'media'
  return null
}

interface Item {
  file: File
  kind: 'media' | 'audio'
  preview: string | null
  progress: number
  state: 'uploading' | 'done' | 'failed'
}

/** Props of {@link ComposerUploads}. */
interface ComposerUploadsProps {
  ids: string
  uploads: UploadSettings
  /** The composer's form: files dropped on it or pasted into it are attached. */
  formRef: RefObject<HTMLFormElement | null>
  /** The attachment to send, or null when there is none; `url` is undefined until the upload is done. */
  onChange: (attachment: ComposerAttachment | null) => void
  strings: StringOverrides<ComposerUploadStrings> | undefined
}

/**
 * The composer's uploads through the app's storage (`uploadAttachment`): a file picker, files
 * dropped on the composer or pasted into it, and voice memos recorded with `MediaRecorder` where
 * the browser has it. One attachment at a time, previewed with its progress and a cancel button;
 * the type and size are checked first, with a sentence saying why a file is refused. Loaded only
 * when the provider has `uploadAttachment` (the composer imports it lazily).
 */
export default function ComposerUploads({ ids, uploads, formRef, onChange, strings }: ComposerUploadsProps) {
  // The strings are flat: a shallow merge is the whole of `mergeStrings` here.
  const texts = { ...composerUploadStrings, ...strings } as ComposerUploadStrings
  const [item, setItem] = useState<Item | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const pickRef = useRef<HTMLButtonElement>(null)
  const report = useRef(onChange)
  useEffect(() => {
    report.current = onChange
  })

  const clear = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setItem((current) => {
      if (current?.preview) URL.revokeObjectURL(current.preview)
      return null
    })
    report.current(null)
  }, [])
  useEffect(() => () => controller.current?.abort(), [])

  const take = useCallback(
    (file: File) => {
      const kind = attachmentKindOf(file)
      if (!kind) return setRefusal(texts.wrongType(file.name))
      if (file.size > uploads.maxBytes)
        return setRefusal(texts.tooLarge(file.name, Math.floor(uploads.maxBytes / 1048576)))
      setRefusal(null)
      clear()
      const abort = new AbortController()
      controller.current = abort
      const preview = file.type.startsWith('image/') || kind === 'audio' ? URL.createObjectURL(file) : null
      setItem({ file, kind, preview, progress: 0, state: 'uploading' })
      report.current({ kind, url: undefined })
      const settle = (patch: Partial<Item>) => {
        if (!abort.signal.aborted)
          setItem((current) => (current && current.file === file ? { ...current, ...patch } : current))
      }
      uploads
        .upload(file, {
          signal: abort.signal,
          onProgress: (fraction) => settle({ progress: Math.max(0, Math.min(1, fraction)) }),
        })
        .then(
          ({ url }) => {
            if (abort.signal.aborted) return
            // The service fetches the attachment by URL: only an http(s) link can be sent.
            if (!/^https?:\/\/[^\s/]/i.test(url)) {
              settle({ state: 'failed' })
              setRefusal(texts.noLink(file.name))
              return report.current(null)
            }
            settle({ state: 'done', progress: 1 })
            report.current({ kind, url })
          },
          () => {
            if (abort.signal.aborted) return
            settle({ state: 'failed' })
            report.current(null)
          },
        )
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- strings are read when a file comes
    [uploads, clear],
  )

  useFileDrop(formRef, take)
  const recorder = useVoiceRecorder(take, (refused) => setRefusal(refused ? texts.microphone : null))
  const { recording } = recorder

  return (
    <div className="lk-ComposerUploads">
      <div className="lk-ComposerUploads-actions">
        {/* A real button (focus ring, Enter and Space): the file input itself is out of the tab order. */}
        <button
          ref={pickRef}
          type="button"
          className="lk-Button lk-ComposerUploads-pick"
          data-variant="ghost small"
          onClick={() => inputRef.current?.click()}
        >
          {texts.attach}
        </button>
        <input
          ref={inputRef}
          id={`${ids}-file`}
          type="file"
          hidden
          tabIndex={-1}
          aria-label={texts.attach}
          accept="image/*,video/*,audio/*,.vcf,text/vcard"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0]
            e.currentTarget.value = ''
            if (file) take(file)
          }}
        />
        {recorder.canRecord ? (
          <button
            type="button"
            className="lk-Button"
            data-variant="ghost small"
            aria-pressed={recording}
            onClick={recorder.toggle}
          >
            {recording ? texts.stop : texts.record}
          </button>
        ) : null}
        {recording ? (
          <span role="status" className="lk-ComposerUploads-recording">
            <span className="lk-sr-only">{texts.recording}</span>
            <span aria-hidden="true" className="lk-ComposerUploads-dot" />
            <time className="lk-ComposerUploads-timer">{texts.elapsed(recorder.seconds)}</time>
            <meter
              className="lk-ComposerUploads-level"
              min={0}
              max={1}
              value={recorder.level}
              aria-label={texts.level}
            />
          </span>
        ) : null}
      </div>
      {item ? (
        <UploadItem
          item={item}
          onClear={() => {
            clear()
            // The Remove button goes with the item: focus stays in the composer, on the picker.
            pickRef.current?.focus()
          }}
          strings={texts}
        />
      ) : null}
      {refusal ? (
        <p className="lk-Notice" data-tone="danger" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  )
}

/** Files dropped on the composer's form, and images pasted into it, are taken as the attachment. */
function useFileDrop(formRef: RefObject<HTMLFormElement | null>, take: (file: File) => void) {
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files')
    const onDragOver = (e: DragEvent) => {
      if (!hasFiles(e)) return
      e.preventDefault()
      form.dataset.dropping = 'true'
    }
    const onDragLeave = () => delete form.dataset.dropping
    const onDrop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0]
      delete form.dataset.dropping
      if (!file) return
      e.preventDefault()
      take(file)
    }
    const onPaste = (e: ClipboardEvent) => {
      const file = e.clipboardData?.files[0]
      if (!file) return // text pastes as text
      e.preventDefault()
      take(file)
    }
    form.addEventListener('dragover', onDragOver)
    form.addEventListener('dragleave', onDragLeave)
    form.addEventListener('drop', onDrop)
    form.addEventListener('paste', onPaste)
    return () => {
      form.removeEventListener('dragover', onDragOver)
      form.removeEventListener('dragleave', onDragLeave)
      form.removeEventListener('drop', onDrop)
      form.removeEventListener('paste', onPaste)
    }
  }, [formRef, take])
}

/**
 * Voice memos: recorded where the browser can (`MediaRecorder`), then taken like any file. While
 * recording it counts the seconds and reads the microphone's level, so the agent sees it hears them.
 */
function useVoiceRecorder(take: (file: File) => void, onMicrophone: (refused: boolean) => void) {
  const recorder = useRef<MediaRecorder | null>(null)
  const [recording, setRecording] = useState(false)
  const [seconds, setSeconds] = useState(0)
  const [level, setLevel] = useState(0)
  const stopMeter = useRef<(() => void) | null>(null)
  useEffect(() => () => stopMeter.current?.(), [])
  const canRecord =
    typeof MediaRecorder !== 'undefined' && typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia
  const toggle = async () => {
    if (recording) return recorder.current?.stop()
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      // An earlier refusal no longer applies once the microphone answers.
      onMicrophone(false)
      const rec = new MediaRecorder(stream)
      const chunks: Blob[] = []
      rec.ondataavailable = (e) => chunks.push(e.data)
      rec.onstop = () => {
        for (const track of stream.getTracks()) track.stop()
        stopMeter.current?.()
        setRecording(false)
        const type = rec.mimeType || 'audio/webm'
        const extension = type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : 'webm'
        take(new File(chunks, `voice-memo.${extension}`, { type }))
      }
      recorder.current = rec
      rec.start()
      setSeconds(0)
      setLevel(0)
      setRecording(true)
      stopMeter.current = meter(stream, setSeconds, setLevel)
    } catch {
      onMicrophone(true)
    }
  }
  return { canRecord, recording, seconds, level, toggle }
}

/** Counts whole seconds and reads the stream's loudness (0–1) each frame until the returned stop is called. */
function meter(stream: MediaStream, onSeconds: (s: number) => void, onLevel: (level: number) => void) {
  const started = Date.now()
  const timer = setInterval(() => onSeconds(Math.floor((Date.now() - started) / 1000)), 250)
  let context: AudioContext | null = null
  let frame = 0
  try {
    context = new AudioContext()
    const analyser = context.createAnalyser()
    analyser.fftSize = 256
    context.createMediaStreamSource(stream).connect(analyser)
    const samples = new Uint8Array(analyser.fftSize)
    const read = () => {
      analyser.getByteTimeDomainData(samples)
      let peak = 0
      for (const v of samples) peak = Math.max(peak, Math.abs(v - 128) / 128)
      onLevel(peak)
      frame = requestAnimationFrame(read)
    }
    read()
  } catch {
    // No Web Audio: the timer still shows that it records.
  }
  return () => {
    clearInterval(timer)
    cancelAnimationFrame(frame)
    void context?.close()
  }
}

/** The attachment: its preview and name, the upload's progress or failure, and Cancel or Remove. */
function UploadItem({
  item,
  onClear,
  strings: texts,
}: {
  item: Item
  onClear: () => void
  strings: ComposerUploadStrings
}) {
  const percent = Math.round(item.progress * 100)
  return (
    <div className="lk-ComposerUploads-item" data-state={item.state}>
      {item.preview && item.kind === 'media' ? (
        <img className="lk-ComposerUploads-preview" src={item.preview} alt="" />
      ) : item.preview ? (
        // A voice memo is heard before it is sent.
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the agent's own recording has no caption track
        <audio
          className="lk-ComposerUploads-audio"
          controls
          src={item.preview}
          aria-label={texts.listen(item.file.name)}
        />
      ) : null}
      <span className="lk-ComposerUploads-name" title={item.file.name}>
        {item.file.name}
      </span>
      {item.state === 'uploading' ? (
        <progress
          className="lk-ComposerUploads-progress"
          max={100}
          value={percent}
          aria-label={texts.uploading(item.file.name, percent)}
        />
      ) : null}
      <span className="lk-sr-only" role="status">
        {item.state === 'done' ? texts.uploaded(item.file.name) : ''}
      </span>
      {item.state === 'failed' ? (
        <span className="lk-ComposerUploads-note" role="alert">
          {texts.failed(item.file.name)}
        </span>
      ) : null}
      {/* Short on screen, so the name keeps its room; the accessible name says which file. */}
      <button
        type="button"
        className="lk-Button"
        data-variant="ghost small"
        aria-label={item.state === 'uploading' ? texts.cancel(item.file.name) : texts.remove(item.file.name)}
        onClick={onClear}
      >
        {item.state === 'uploading' ? texts.cancelShort : texts.removeShort}
      </button>
    </div>
  )
}
