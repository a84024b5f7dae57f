'use client'
import type { ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { linekitKeys } from '../../../provider/keys'
import type { InboxParts, InboxStrings, InboxThread } from './inboxParts'

export type SideTab = 'dialer' | 'contact' | 'group'

/**
 * The side panel: the dialer, the open thread's contact card and the group composer, one at a
 * time. The Dialer stays mounted while hidden, so a call goes on while the agent reads the contact.
 */
export function SidePanel(props: {
  parts: InboxParts
  thread: InboxThread | null
  title: string
  strings: InboxStrings
  onOpenThread: (thread: InboxThread) => void
  tab: SideTab
  onTab: (tab: SideTab) => void
  dialNumber: string
  onDialNumber: (number: string) => void
  callButton: ReactNode
}) {
  const { parts: p, thread, title, strings: texts, tab } = props
  const queryClient = useQueryClient()
  const tabs = [
    p.Dialer ? (['dialer', texts.dialer] as const) : null,
    p.ContactCard && thread?.kind === 'direct' ? (['contact', texts.contact] as const) : null,
    p.GroupComposer ? (['group', texts.group] as const) : null,
  ].filter((t) => t !== null)
  const shown = tabs.some(([id]) => id === tab) ? tab : tabs[0]?.[0]
  if (tabs.length === 0) return null
  return (
    <section aria-label={texts.side(title)} className="lk-Inbox-side">
      {tabs.length > 1 ? (
        <div role="group" aria-label={texts.show} className="lk-Inbox-tabs">
          {tabs.map(([id, label]) => (
            <button
              key={id}
              type="button"
              className="lk-Button"
              data-variant={shown === id ? 'small' : 'ghost small'}
              aria-pressed={shown === id}
              onClick={() => props.onTab(id)}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
      {p.Dialer ? (
        <div hidden={shown !== 'dialer'}>
          <p.Dialer
            number={props.dialNumber}
            onNumberChange={props.onDialNumber}
            onCallEnd={() => void queryClient.invalidateQueries({ queryKey: linekitKeys.callLogs.all })}
          />
        </div>
      ) : null}
      {shown === 'contact' && p.ContactCard && thread ? (
        <>
          <div className="lk-Inbox-contactCall">{props.callButton}</div>
          <p.ContactCard key={thread.id} phoneNumber={thread.id} />
        </>
      ) : shown === 'group' && p.GroupComposer ? (
        <p.GroupComposer
          onSent={() => void queryClient.invalidateQueries({ queryKey: linekitKeys.messages.all })}
          onOpenThread={(t) =>
            props.onOpenThread({
              kind: 'group',
              id: t.chatId,
              participants: t.participants,
              ...(t.lineId ? { lineId: t.lineId } : {}),
            })
          }
        />
      ) : null}
    </section>
  )
}
