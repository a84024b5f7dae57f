/** The app's own storage for attachments, as the provider takes it (`uploadAttachment`). */

/** Options the kit passes to {@link UploadAttachment}. */
export interface UploadAttachmentOptions {
  /** Aborted when the agent cancels the upload (or leaves): stop sending the file. */
  signal: AbortSignal
  /** Report progress as a fraction from 0 to 1 (e.g. from `XMLHttpRequest.upload.onprogress`). */
  onProgress: (fraction: number) => void
}

/**
 * Stores a file where the service can fetch it and resolves with its public `https://` URL (an
 * S3/GCS presigned upload, the app's own route). The kit sends that URL as the message's
 * attachment (spec: POST /send-api-message — `mediaAttachmentUrl`, `audioAttachmentUrl`).
 */
export type UploadAttachment = (file: File, options: UploadAttachmentOptions) => Promise<{ url: string }>

/** The provider's upload settings, as the composer reads them from the context. */
export interface UploadSettings {
  upload: UploadAttachment
  /** Largest file accepted, in bytes (the contract shows no limit; the app's storage has one). */
  maxBytes: number
}
