/**
 * An in-memory stand-in for the app's storage (`uploadAttachment`) in the stories and the
 * playground. The service fetches attachments by public https URL, and a page's `blob:` URL is
 * neither public nor https: this uploader answers with an https URL on a test host
 * (`uploads.linekit.test`, which nothing serves) and keeps the file in memory under it, so the
 * page can still show what was sent. Progress moves in steps of a fifth; cancelling stops it.
 */
import type { UploadAttachment } from 'linekit'

/** The files "stored", by the https URL the uploader answered. */
export const storedUploads = new Map<string, File>()
let count = 0

/** Creates the uploader; `stepMs` is how long each fifth of a file takes. */
export function createMemoryUploader({ stepMs = 150 }: { stepMs?: number } = {}): UploadAttachment {
  return (file, { signal, onProgress }) =>
    new Promise((resolve, reject) => {
      let step = 0
      const timer = setInterval(() => {
        step += 1
        onProgress(step / 5)
        if (step < 5) return
        clearInterval(timer)
        const url = `https://uploads.linekit.test/${(count += 1)}/${encodeURIComponent(file.name)}`
        storedUploads.set(url, file)
        resolve({ url })
      }, stepMs)
      signal.addEventListener('abort', () => {
        clearInterval(timer)
        reject(signal.reason)
      })
    })
}

/**
 * An uploader that stops part-way (two fifths) and stays there until cancelled: a story of the
 * uploading state shows that state for as long as it is looked at, not a ready file a moment later.
 */
export function createHeldUploader(): UploadAttachment {
  return (_file, { signal, onProgress }) =>
    new Promise((_resolve, reject) => {
      onProgress(0.4)
      signal.addEventListener('abort', () => reject(signal.reason))
    })
}
