import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../../../styles.css'
import type { SendMessageRequest } from '../../../api'
import type { UploadAttachmentOptions } from '../../../provider/uploads'
import { MessageComposer } from './MessageComposer'
import { createStoryBackend, renderWithBackend, storyNumbers } from '../../../../test/support/renderWithBackend'

afterEach(() => {
  cleanup()
})

/** An uploader the test drives: each upload waits until the test reports progress and resolves it. */
function heldUploader() {
  const uploads: { file: File; options: UploadAttachmentOptions; resolve: (url: string) => void }[] = []
  const upload = vi.fn(
    (file: File, options: UploadAttachmentOptions) =>
      new Promise<{ url: string }>((resolve) => uploads.push({ file, options, resolve: (url) => resolve({ url }) })),
  )
  return { upload, uploads }
}

async function setup() {
  const uploader = heldUploader()
  const sent: SendMessageRequest[] = []
  renderWithBackend(
    await createStoryBackend(),
    <MessageComposer phoneNumber={storyNumbers.sms} showLinePicker={false} onSent={(body) => sent.push(body)} />,
    { uploadAttachment: uploader.upload },
  )
  const picker = await screen.findByLabelText('Attach a file')
  return { ...uploader, sent, picker, form: screen.getByRole('form', { name: 'Write a message' }) }
}

const png = (name = 'receipt.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })
const withFiles = (...files: File[]) => {
  const data = new DataTransfer()
  for (const file of files) data.items.add(file)
  return data
}
/** The browser's own drag-and-drop and paste events, carrying files as a user's would. */
const drop = (target: HTMLElement, ...files: File[]) =>
  act(() => {
    target.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: withFiles(...files), bubbles: true, cancelable: true }),
    )
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: withFiles(...files), bubbles: true, cancelable: true }))
  })
const paste = (target: HTMLElement, ...files: File[]) =>
  act(() => {
    target.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: withFiles(...files), bubbles: true, cancelable: true }),
    )
  })

describe('<MessageComposer> with uploadAttachment', () => {
  it('attaches a file from the picker, shows its progress, and sends the stored URL as the attachment', async () => {
    const { uploads, sent, picker } = await setup()
    await userEvent.upload(picker, png())
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(screen.getByRole('progressbar', { name: 'Uploading receipt.png: 0%' })).toBeVisible()
    // A local preview of the image (decorative: its name is written beside it).
    expect(screen.getByText('receipt.png').parentElement!.querySelector('img')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    )
    uploads[0]!.options.onProgress(0.5)
    expect(await screen.findByRole('progressbar', { name: 'Uploading receipt.png: 50%' })).toBeVisible()
    // Send while it uploads: refused with a reason, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('The attachment is still uploading: wait for it, or cancel it.')).toBeVisible()
    expect(sent).toEqual([])
    uploads[0]!.resolve('https://files.example.com/receipt.png')
    expect(await screen.findByText('receipt.png is ready to send')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      phone: storyNumbers.sms,
      mediaAttachmentUrl: 'https://files.example.com/receipt.png',
    })
    expect(sent[0]).not.toHaveProperty('audioAttachmentUrl')
    // The composer is empty again.
    await waitFor(() => expect(screen.queryByText('receipt.png')).toBeNull())
  })

  it('attaches a file dropped on the composer, and sends an audio file as a voice memo', async () => {
    const { uploads, sent, form } = await setup()
    drop(form, new File(['a'], 'memo.ogg', { type: 'audio/ogg' }))
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0]!.file.name).toBe('memo.ogg')
    uploads[0]!.resolve('https://files.example.com/memo.ogg')
    expect(await screen.findByText('memo.ogg is ready to send')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ audioAttachmentUrl: 'https://files.example.com/memo.ogg' })
  })

  it('attaches an image pasted into the message box', async () => {
    const { uploads } = await setup()
    const box = screen.getByRole('textbox', { name: 'Message' })
    paste(box, png('screenshot.png'))
    await waitFor(() => expect(uploads.map((u) => u.file.name)).toEqual(['screenshot.png']))
    expect(screen.getByRole('progressbar', { name: 'Uploading screenshot.png: 0%' })).toBeVisible()
  })

  it('cancels an upload: the request is aborted and nothing is attached', async () => {
    const { uploads, sent, picker } = await setup()
    await userEvent.upload(picker, png())
    await waitFor(() => expect(uploads).toHaveLength(1))
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the upload of receipt.png' }))
    expect(uploads[0]!.options.signal.aborted).toBe(true)
    expect(screen.queryByRole('progressbar')).toBeNull()
    // A late answer of the cancelled upload attaches nothing.
    uploads[0]!.resolve('https://files.example.com/late.png')
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Just text')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).not.toHaveProperty('mediaAttachmentUrl')
  })

  it('refuses a file of a type the service cannot send, and one over the size limit, saying why', async () => {
    const { upload, form } = await setup()
    drop(form, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }))
    expect(
      await screen.findByText(
        'setup.exe cannot be sent: pick an image, a video, a contact card (.vcf) or an audio file.',
      ),
    ).toBeVisible()
    const big = new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' })
    drop(form, big)
    expect(await screen.findByText('huge.png is larger than 25 MB.')).toBeVisible()
    expect(upload).not.toHaveBeenCalled()
  })
})
