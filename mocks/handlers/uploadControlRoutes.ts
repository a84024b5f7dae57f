/**
 * An upload route for development, under `/__mock/uploads*`, so the README's upload example (your server signs an
 * upload, the browser PUTs the file, the composer sends the file's URL) works against the mock with no storage of
 * your own. Its answer has the README example's shape, `{ uploadUrl, url }`, so point the browser's `/api/uploads`
 * at `POST /__mock/uploads` in development (a dev-server proxy rule) and at your signing route in production.
 * The file is kept in the mock's memory (the latest 100) and served at `url`, which the mock's sends accept as
 * `mediaAttachmentUrl` / `audioAttachmentUrl` (the real service fetches a public https URL: spec, Send message).
 * The browser PUTs to the mock's origin from the page's: the upload routes answer CORS, and only they do.
 */
import * as z from 'zod/mini'
import type { MockCore } from '../service/index'
import { controlBody, controlRoutesOf } from './controlRoute'
import { errorResponse } from './jsonResponses'
import type { MockRoute } from './mockRouter'
import { fail } from '../service/serviceErrors'

/** The composer's limit (`maxUploadBytes`, 25 MB) and its file types: images, videos, audio, contact cards. */
const MAX_BYTES = 25 * 1024 * 1024
const SENDABLE = /^(image|video|audio)\/|^text\/(x-)?vcard$/
const KEPT = 100

const uploadSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  type: z.string().check(z.maxLength(255)),
  size: z.number().check(z.minimum(0)),
})

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, PUT, OPTIONS',
  'access-control-allow-headers': 'content-type',
}

/** Routes of the development upload route. */
export function uploadControlRoutes(core: MockCore): MockRoute[] {
  // This mock instance's uploads, oldest first.
  const uploads = new Map<string, { type: string; bytes: ArrayBuffer | null }>()
  const op = controlRoutesOf(core)
  let next = 0
  const withCors = (response: Response) => {
    for (const [name, value] of Object.entries(cors)) response.headers.set(name, value)
    return response
  }
  return [
    op('POST', '/uploads', async (request) => {
      const { type, size } = await controlBody(request, uploadSchema) // name: checked, not kept
      if (!SENDABLE.test(type) || size > MAX_BYTES)
        throw fail(
          400,
          'invalid_request',
          'This file cannot be sent',
          'Images, videos, audio or contact cards up to 25 MB.',
        )
      next += 1
      const id = `up${next}-${Math.random().toString(36).slice(2, 10)}`
      uploads.set(id, { type, bytes: null })
      while (uploads.size > KEPT) uploads.delete(uploads.keys().next().value!)
      const url = `${new URL(request.url).origin}/__mock/uploads/${id}`
      return { uploadUrl: url, url }
    }),
    {
      method: 'OPTIONS',
      path: '/__mock/uploads/:id',
      run: async () => new Response(null, { status: 204, headers: cors }),
    },
    {
      method: 'PUT',
      path: '/__mock/uploads/:id',
      run: async (request, params) => {
        const upload = uploads.get(params.id ?? '')
        if (!upload)
          return withCors(errorResponse(fail(404, 'not_found', 'No such upload', 'POST /__mock/uploads first.')))
        const bytes = await request.arrayBuffer()
        if (bytes.byteLength > MAX_BYTES)
          return withCors(
            errorResponse(fail(413, 'payload_too_large', 'The file exceeds 25 MB', 'Send a smaller file.')),
          )
        upload.bytes = bytes
        upload.type = request.headers.get('content-type') ?? upload.type
        return new Response(null, { status: 200, headers: cors })
      },
    },
    {
      method: 'GET',
      path: '/__mock/uploads/:id',
      run: async (_request, params) => {
        const upload = uploads.get(params.id ?? '')
        if (!upload?.bytes)
          return withCors(errorResponse(fail(404, 'not_found', 'No such upload', 'PUT the file first.')))
        return new Response(upload.bytes, { status: 200, headers: { ...cors, 'content-type': upload.type } })
      },
    },
  ]
}
