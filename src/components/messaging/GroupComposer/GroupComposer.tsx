'use client'
import * as Dialog from '@radix-ui/react-dialog'
import { lazy, Suspense, useId, useRef, useState, type FormHTMLAttributes } from 'react'
import { useLinekit } from '../../../provider/useLinekit'
import { useContacts } from '../../../hooks/useContacts'
import { usePeople } from '../../../hooks/internal/usePeople'
import { contactName } from '../../../hooks/internal/useContactDirectory'
import type { ComposerUploadStrings } from '../../shared/ComposerUploads'
import type { CountryCode } from '../../../api/phone'
import type { GroupSendRequest, GroupSendResponse } from '../../../api/schemas'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { useControllableState } from '../../shared/useControllableState'
import type { GroupErrorStrings, LinekitErrorStrings } from '../../shared/errorMessages'
import { AttachmentFields } from '../../shared/AttachmentFields'
import { LinePicker, type LinePickerStrings } from '../LinePicker/LinePicker'
import { RecipientInput, type RecipientInputStrings } from '../RecipientInput/RecipientInput'
import { groupComposerStrings, type GroupComposerStrings } from './groupComposerStrings'
import { useGroupComposer } from './useGroupComposer'
import {
  GroupComposerChannel,
  GroupComposerError,
  GroupComposerResult,
  GroupComposerWait,
} from './GroupComposerNotices'

// As in the 1:1 composer: only pages whose provider has `uploadAttachment` load the picker.
const ComposerUploads = lazy(() => import('../../shared/ComposerUploads'))

export { groupComposerStrings, type GroupComposerStrings }

/**
 * Props of {@link GroupComposer}.
 *
 * State attributes on the root form: `data-state="idle" | "trial" | "sending" | "sent" | "error" | "conflict"`,
 * `data-channel="nativechat" | "SMS" | "checking" | "unknown"` once recipients are valid.
 */
export interface GroupComposerProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'children' | 'onSubmit'> {
  /** Initial recipients (any format). @default [] */
  defaultRecipients?: string[]
  /** Region for numbers without a country code. @default 'US' */
  defaultCountry?: CountryCode
  /**
   * While the sent message is not yet in the messages list (the group is `creating`), re-read the
   * list this often in case the event stream missed it; nothing is ever sent again. 0: events
   * only. @default 10000
   */
  statusPollMs?: number
  /** Called with the service's answer after a successful send (the form is cleared). */
  onSent?: (response: GroupSendResponse, request: GroupSendRequest) => void
  /**
   * Called once the sent message is listed, with the group's thread: its chat identifier,
   * participants and line. Open it, e.g. `<GroupConversation chatId={…} participants={…} />`.
   */
  onOpenThread?: (thread: { chatId: string; participants: string[]; lineId?: string }) => void
  /** String overrides. @default groupComposerStrings */
  strings?: StringOverrides<GroupComposerStrings> & {
    recipients?: StringOverrides<RecipientInputStrings>
    linePicker?: StringOverrides<LinePickerStrings>
    uploads?: StringOverrides<ComposerUploadStrings>
  }
  /** Overrides of error sentences. */
  errorStrings?: Partial<LinekitErrorStrings & GroupErrorStrings>
}

/**
 * Send one message to 2–32 people in one thread (spec: POST /send-group-message). Recipients
 * are chips (paste a list in any format; E.164, duplicates merged, invalid flagged, live count);
 * it shows before sending whether the thread will be native chat (every recipient reachable) or
 * SMS; after sending, the `pbg_` id, whether the group was created, and its status. Trial
 * accounts are told up front that groups are unavailable; a 409 offers to resend on the line the
 * group lives on. libphonenumber is loaded only when this component mounts. Built on
 * {@link useGroupComposer}, which gives the same behaviour to your own markup.
 *
 * @example
 * <GroupComposer onSent={(res) => console.log(res.groupId)} />
 */
export function GroupComposer({
  defaultRecipients,
  defaultCountry = 'US',
  statusPollMs,
  onSent,
  onOpenThread,
  strings,
  errorStrings,
  className,
  ...props
}: GroupComposerProps) {
  const ids = useId()
  // With the provider's `uploadAttachment`, files are attached as in the 1:1 composer: picked,
  // dropped or pasted, then sent by their stored link. A send starts a fresh uploads area.
  const { uploads } = useLinekit()
  const formRef = useRef<HTMLFormElement>(null)
  const [uploadRound, setUploadRound] = useState(0)
  const g = useGroupComposer({
    defaultRecipients,
    defaultCountry,
    statusPollMs,
    onSent: (response, request) => {
      setUploadRound((n) => n + 1)
      onSent?.(response, request)
    },
    onOpenThread,
    strings,
  })
  const texts = g.strings
  const trial = g.trial
  // Recipients by name: typing "Ava" suggests the contact; chips show names, else numbers as read.
  const contacts = useContacts({ limit: 100 })
  const people = usePeople()
  const known = (contacts.data?.contacts ?? []).flatMap((c) => {
    const name = contactName(c)
    return name ? [{ name, phone: c.phoneNumber }] : []
  })

  return (
    <form
      ref={formRef}
      aria-label={texts.label}
      {...props}
      className={cx('lk-GroupComposer', className)}
      data-state={g.state}
      data-channel={g.channel}
      {...g.formProps}
    >
      {trial ? (
        <p className="lk-Notice" data-tone="warning">
          {texts.trial}
        </p>
      ) : null}
      <RecipientInput
        {...g.recipientInputProps}
        people={known}
        formatNumber={(e164) => people.number(e164)}
        strings={strings?.recipients}
      />
      <GroupComposerChannel g={g} />
      <div className="lk-Field">
        <label htmlFor={`${ids}-name`}>{texts.groupName}</label>
        <input id={`${ids}-name`} aria-describedby={`${ids}-name-help`} {...g.groupNameInputProps} />
        <span id={`${ids}-name-help`} className="lk-Field-help">
          {texts.groupNameHelp}
        </span>
      </div>
      <div className="lk-Field">
        <label htmlFor={`${ids}-text`}>{texts.message}</label>
        <textarea id={`${ids}-text`} {...g.messageInputProps} />
      </div>
      {uploads && !trial ? (
        <Suspense fallback={null}>
          <ComposerUploads
            key={uploadRound}
            ids={ids}
            uploads={uploads}
            formRef={formRef}
            onChange={(attached) => {
              // The stored link fills the attachment field once the upload is done.
              g.setAttachment(attached?.url ?? '')
              if (attached) g.setAttachmentKind(attached.kind)
            }}
            strings={strings?.uploads}
          />
        </Suspense>
      ) : null}
      <AttachmentFields
        ids={ids}
        s={texts}
        url={g.attachment}
        onUrlChange={g.setAttachment}
        kind={g.attachmentKind}
        onKindChange={g.setAttachmentKind}
        invalid={g.attachmentInvalid}
        disabled={trial}
      />
      <div className="lk-Field lk-Field-check">
        <label>
          <input {...g.aiCheckboxProps} /> {texts.aiVoiceMemo}
        </label>
      </div>
      <LinePicker {...g.linePickerProps} strings={strings?.linePicker} errorStrings={errorStrings} />
      {g.invalid ? (
        <p className="lk-Notice" data-tone="danger" role="alert">
          {g.invalid}
        </p>
      ) : null}
      <GroupComposerWait g={g} />
      <GroupComposerError g={g} errorStrings={errorStrings} />
      <GroupComposerResult g={g} canOpenThread={onOpenThread !== undefined} />
      <div className="lk-GroupComposer-actions">
        <button className="lk-Button" {...g.submitButtonProps}>
          {g.isPending ? texts.sending : texts.send}
        </button>
      </div>
    </form>
  )
}

/** Default, overridable strings of {@link GroupComposerDialog} (i18n). */
export const groupComposerDialogStrings = {
  trigger: 'New group message',
  title: 'New group message',
  description: 'One message to 2 to 32 people in one thread.',
  close: 'Close',
}
export type GroupComposerDialogStrings = typeof groupComposerDialogStrings

/** Props of {@link GroupComposerDialog}: the composer's, plus the dialog's state. */
export interface GroupComposerDialogProps extends GroupComposerProps {
  /** Whether the dialog is open (controlled). */
  open?: boolean
  /** Initially open (uncontrolled). @default false */
  defaultOpen?: boolean
  /** Called when the dialog opens or closes. */
  onOpenChange?: (open: boolean) => void
  /** Dialog string overrides. @default groupComposerDialogStrings */
  dialogStrings?: StringOverrides<GroupComposerDialogStrings>
}

/**
 * {@link GroupComposer} in a modal dialog (Radix Dialog: focus is trapped inside, Escape closes,
 * focus returns to the trigger). It closes when the new group thread opens (`onOpenThread`).
 * Data attributes of the dialog's content: `data-state="open" | "closed"`.
 *
 * @example
 * <GroupComposerDialog onOpenThread={(t) => setGroup(t)} />
 */
export function GroupComposerDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  dialogStrings,
  onOpenThread,
  ...props
}: GroupComposerDialogProps) {
  const dialogText = mergeStrings(groupComposerDialogStrings, dialogStrings)
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
    caller: 'GroupComposerDialog',
  })
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="lk-Button">{dialogText.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="lk-Dialog-overlay" />
        <Dialog.Content className="lk-Dialog">
          <div className="lk-Dialog-head">
            <Dialog.Title className="lk-Dialog-title">{dialogText.title}</Dialog.Title>
            <Dialog.Close className="lk-Button" data-variant="ghost small" aria-label={dialogText.close}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="lk-Dialog-description">{dialogText.description}</Dialog.Description>
          <GroupComposer
            {...props}
            onOpenThread={(thread) => {
              onOpenThread?.(thread)
              setOpen(false)
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
