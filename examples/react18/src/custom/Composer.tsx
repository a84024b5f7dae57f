import { useState, type FormEvent } from 'react'
import { describeLinekitError, useSendMessage } from 'linekit'

/** A message box of your own: the send appears in the thread at once and is retried safely. */
export function Composer({ phoneNumber, lineId }: { phoneNumber: string; lineId?: string }) {
  const [text, setText] = useState('')
  const send = useSendMessage()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (text.trim() === '') return
    send.mutate({ phone: phoneNumber, message: text, ...(lineId ? { lineId } : {}) })
    setText('')
  }
  return (
    <form onSubmit={submit}>
      <textarea aria-label="Message" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit">Send</button>
      {send.error ? <p role="alert">{describeLinekitError(send.error, 'send')}</p> : null}
    </form>
  )
}
