'use client'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useInboundCalls } from '../../../hooks/useInboundCalls'
import { useLinekitEvent } from '../../../hooks/useLinekitEvent'
import { useContactDirectory } from '../../../hooks/internal/useContactDirectory'
import { useConversationList } from '../../../hooks/useConversationList'
import { ringMute } from '../../shared/ringMute'
import { useRingTone } from '../../shared/useRingTone'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'

/** Default, overridable strings (i18n). */
export const notificationsStrings = {
  /** The page title with the unread count. */
  title: (unread: number, title: string) => `(${unread}) ${title}`,
  message: (from: string) => `New message from ${from}`,
  call: (from: string) => `Incoming call from ${from}`,
  callBody: 'Open the page to answer.',
  enable: 'Turn on desktop notifications',
  /** A toggle (`aria-pressed`): the label stays the same when pressed. */
  mute: 'Mute ringtone',
}
export type NotificationsStrings = typeof notificationsStrings

/** The thread a notification is about. */
export interface NotificationThread {
  /** The line the message came in on, when the event names it. */
  lineId: string | null
  /** The other person's number (E.164). */
  id: string
}

/** Options of {@link useNotifications}. Every part is on once the hook is used; turn parts off here. */
export interface UseNotificationsOptions {
  /** Show the unread count in `document.title` ("(3) Inbox"). @default true */
  title?: boolean
  /** Desktop notifications while the page is hidden (after the agent allowed them). @default true */
  desktop?: boolean
  /**
   * Ring for a ringing inbound call. Off by default because `<InboundCallBanner>` rings already;
   * turn it on when the page has no banner. Both honour the same mute. @default false
   */
  ringtone?: boolean
  /** Called when the agent clicks a message notification (the window is focused first): open the thread. */
  onOpenThread?: (thread: NotificationThread) => void
  /** Only these lines count and notify. @default every line of the user */
  lineIds?: readonly string[]
  strings?: StringOverrides<NotificationsStrings>
}

/** The Notification API's permission, or `unsupported` where the browser has none. */
export type NotificationPermissionState = NotificationPermission | 'unsupported'

/** Result of {@link useNotifications}. */
export interface UseNotificationsResult {
  /** Unread inbound messages of the user's threads (as `<ConversationList>` counts them). */
  unread: number
  permission: NotificationPermissionState
  /**
   * Props of the button that asks for permission (browsers allow asking only from a user
   * gesture, so the hook never asks on its own). `hidden` once answered or where unsupported.
   */
  permissionButtonProps: { type: 'button'; onClick: () => void; hidden: boolean; children: string }
  /** The agent muted the ringtone (every ring of the page, in every tab). */
  muted: boolean
  setMuted: (muted: boolean) => void
  /** Props of a toggle button that mutes and unmutes the ringtone. */
  muteButtonProps: { type: 'button'; 'aria-pressed': boolean; onClick: () => void; children: string }
}

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden'
const notificationClass = () =>
  typeof window === 'undefined' ? undefined : (window as { Notification?: typeof Notification }).Notification
const permissionNow = (): NotificationPermissionState => notificationClass()?.permission ?? 'unsupported'
/** Longest message text shown in a notification. */
const BODY_CHARS = 140

/**
 * Keeps an agent informed outside the page, opt-in: the unread count in the page title, a
 * desktop notification for each new inbound message and ringing inbound call while the page is
 * hidden (one per thread: a newer message replaces the older one's; clicking focuses the window
 * and calls `onOpenThread`), and a ringtone for ringing calls the agent can mute. Never for the
 * agent's own sends, and never while the page is on screen. Permission is asked only when the
 * agent presses the button the hook gives props for.
 *
 * @example
 * const notify = useNotifications({ onOpenThread: (t) => open(t.id) })
 * <button {...notify.permissionButtonProps} />
 * <button {...notify.muteButtonProps} />
 */
export function useNotifications(options: UseNotificationsOptions = {}): UseNotificationsResult {
  const { title = true, desktop = true, ringtone = false, onOpenThread, lineIds } = options
  const texts = mergeStrings(notificationsStrings, options.strings)
  const list = useConversationList(lineIds ? { lineIds } : {})
  const unread = list.conversations.reduce((sum, c) => sum + c.unread, 0)
  const nameOf = useContactDirectory()
  const [permission, setPermission] = useState<NotificationPermissionState>(permissionNow)
  const muted = useSyncExternalStore(ringMute.subscribe, ringMute.get, () => false)
  const { calls } = useInboundCalls()
  const ringing = calls.filter((c) => c.state === 'ringing' && (!lineIds || lineIds.includes(c.lineId)))
  useRingTone(ringing.length > 0, ringtone)

  // The title: "(n) <the page's own title>", given back when the count is 0 or the hook leaves.
  const ownTitle = useRef<string | null>(null)
  const written = useRef<string | null>(null)
  const titleOf = texts.title
  useEffect(() => {
    if (!title || typeof document === 'undefined') return
    // The page changed its title since we wrote ours: that is its own title now.
    if (ownTitle.current === null || document.title !== written.current) ownTitle.current = document.title
    written.current = unread > 0 ? titleOf(unread, ownTitle.current) : ownTitle.current
    document.title = written.current
  }, [title, unread, titleOf])
  useEffect(
    () => () => {
      if (ownTitle.current !== null && document.title === written.current) document.title = ownTitle.current
    },
    [],
  )

  const latest = useRef({ desktop, onOpenThread, texts, nameOf, permission, lineIds })
  useEffect(() => {
    latest.current = { desktop, onOpenThread, texts, nameOf, permission, lineIds }
  })
  const show = useCallback(
    (heading: string, body: string, tag: string, onClick?: () => void): Notification | undefined => {
      const Ctor = notificationClass()
      const now = latest.current
      if (!Ctor || !now.desktop || Ctor.permission !== 'granted' || !hidden()) return undefined
      const notification = new Ctor(heading, { body, tag })
      notification.onclick = () => {
        window.focus()
        onClick?.()
        notification.close()
      }
      return notification
    },
    [],
  )

  useLinekitEvent('message', (event) => {
    const data = event.data
    // spec: Message webhook payload — `direction`; the agent's own sends are never news to them.
    if (data.direction !== 'inbound') return
    const lines = latest.current.lineIds
    const lineId = event.lineId ?? null
    if (lines && lineId !== null && !lines.some((id) => id.toLowerCase() === lineId.toLowerCase())) return
    const thread: NotificationThread = { lineId, id: data.destination }
    const from = latest.current.nameOf(data.destination) ?? data.destination
    const text = data.message.length > BODY_CHARS ? `${data.message.slice(0, BODY_CHARS - 1)}…` : data.message
    show(latest.current.texts.message(from), text, `linekit:${lineId ?? ''}|${data.destination}`, () =>
      latest.current.onOpenThread?.(thread),
    )
  })

  // One notification per ringing call, closed when it stops ringing.
  const callNotes = useRef(new Map<string, Notification | undefined>())
  const ringingKey = ringing.map((c) => c.callUuid).join(',')
  useEffect(() => {
    const notes = callNotes.current
    const live = new Set(ringing.map((c) => c.callUuid))
    for (const [uuid, note] of notes) {
      if (live.has(uuid)) continue
      note?.close()
      notes.delete(uuid)
    }
    for (const call of ringing) {
      if (notes.has(call.callUuid)) continue
      const from = latest.current.nameOf(call.from) ?? call.from
      notes.set(
        call.callUuid,
        show(latest.current.texts.call(from), latest.current.texts.callBody, `linekit:call:${call.callUuid}`),
      )
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `ringing` is new each render; its calls are `ringingKey`
  }, [ringingKey, show])

  const ask = useCallback(() => {
    const Ctor = notificationClass()
    if (!Ctor) return
    void Ctor.requestPermission().then(setPermission, () => setPermission(permissionNow()))
  }, [])
  const setMuted = useCallback((next: boolean) => ringMute.set(next), [])
  return {
    unread,
    permission,
    permissionButtonProps: { type: 'button', onClick: ask, hidden: permission !== 'default', children: texts.enable },
    muted,
    setMuted,
    muteButtonProps: {
      type: 'button',
      'aria-pressed': muted,
      onClick: () => ringMute.set(!muted),
      children: texts.mute,
    },
  }
}
