import { useEffect, useState } from 'react'
import { useConversationList, useThread, type ConversationSummary } from 'linekit'
import { Composer } from './Composer'

/** A thread list and the open thread in your own markup. */
export function CustomInbox() {
  const list = useConversationList()
  const [openKey, setOpenKey] = useState<string | null>(null)
  const open = list.conversations.find((c) => c.key === openKey)
  const { markRead } = list
  // The kit counts unread per thread in this browser; a custom view says what the user has seen.
  // Marking on open is not enough: a message that arrives while the thread is open moves
  // `open.last`, and marking again keeps it at 0 unread instead of "1 unread" in the list.
  useEffect(() => {
    if (open) markRead(open)
  }, [open, markRead])

  return (
    <div className="custom-inbox">
      <ul aria-label="Threads">
        {list.conversations.map((c) => (
          <li key={c.key} data-kind={c.kind}>
            <button type="button" aria-pressed={c.key === openKey} onClick={() => setOpenKey(c.key)}>
              {c.title} {c.unread > 0 ? `(${c.unread} unread)` : ''}
            </button>
          </li>
        ))}
      </ul>
      {open && open.kind === 'direct' ? <Thread conversation={open} /> : null}
    </div>
  )
}

function Thread({ conversation }: { conversation: ConversationSummary }) {
  const thread = useThread({ phoneNumber: conversation.id, lineId: conversation.lineId })
  return (
    <section aria-label={`Thread with ${conversation.title}`}>
      {thread.hasOlder ? (
        <button type="button" onClick={thread.fetchOlder} disabled={thread.isFetchingOlder}>
          Older messages
        </button>
      ) : null}
      <ol>
        {thread.items.map((item) =>
          item.kind === 'message' ? (
            <li key={item.key} data-direction={item.message.direction}>
              {item.message.content}
            </li>
          ) : (
            <li key={item.key} data-direction="outbound" data-state={item.state}>
              {item.body.message}
              {item.state === 'failed' ? (
                <>
                  <button type="button" onClick={item.retry}>
                    Retry
                  </button>
                  <button type="button" onClick={item.discard}>
                    Discard
                  </button>
                </>
              ) : null}
            </li>
          ),
        )}
      </ol>
      <Composer phoneNumber={conversation.id} lineId={conversation.lineId} />
    </section>
  )
}
