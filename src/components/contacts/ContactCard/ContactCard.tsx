'use client'
import * as Dialog from '@radix-ui/react-dialog'
import { useCallback, useMemo, useState, type HTMLAttributes } from 'react'
import type { Contact } from '../../../api/schemas'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { describeLinekitError, isNoConnection, type LinekitErrorStrings } from '../../shared/errorMessages'
import { contactErrorRule, type ContactErrorStrings } from '../../shared/errorMessages'
import { contactCardStrings, type ContactCardStrings } from './contactCardStrings'
import { useContactCard, type UseContactCardResult } from './useContactCard'

export { contactCardStrings, type ContactCardStrings }

/**
 * Props of {@link ContactCard}.
 *
 * State attributes on the root: `data-state="loading" | "error" | "empty" | "view"`.
 */
export interface ContactCardProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The contact's phone number (E.164). */
  phoneNumber: string
  /** Allow editing and creating. @default true */
  editable?: boolean
  /** String overrides. @default contactCardStrings */
  strings?: StringOverrides<ContactCardStrings>
  /** Overrides of error sentences. */
  errorStrings?: Partial<LinekitErrorStrings & ContactErrorStrings>
}

/**
 * A person in the native contact store (for accounts without a connected CRM): view, edit and
 * create, with the service's merge rules spelled out where they apply — creating an existing
 * number upserts (names only fill empty ones, email overwrites, custom fields merge), editing
 * replaces (custom fields wholesale). Markup over {@link useContactCard}; themed through
 * `.lk-Field` and `--lk-*` variables.
 *
 * @example
 * <ContactCard phoneNumber="+14155550100" />
 */
export function ContactCard({
  phoneNumber,
  editable = true,
  strings,
  errorStrings,
  className,
  ...props
}: ContactCardProps) {
  const texts = useMemo(() => mergeStrings(contactCardStrings, strings), [strings])
  const card = useContactCard({ phoneNumber, strings: texts })
  const { contact } = card
  return (
    <section aria-label={texts.label} {...props} {...card.rootProps} className={cx('lk-ContactCard', className)}>
      {card.status === 'loading' ? (
        <p role="status">{texts.loading}</p>
      ) : card.status === 'error' ? (
        <div className="lk-Notice" data-tone="danger" role="alert">
          <p>
            {texts.error} {describeLinekitError(card.loadError, 'load', errorStrings)}
          </p>
          <button className="lk-Button" {...card.retryButtonProps}>
            {texts.retry}
          </button>
        </div>
      ) : (
        <>
          {contact ? <ContactDetails contact={contact} strings={texts} /> : <p>{texts.none}</p>}
          {card.saved ? <p role="status">{card.saved}</p> : null}
          {editable ? (
            <EditDialog card={card} phoneNumber={phoneNumber} strings={texts} errorStrings={errorStrings} />
          ) : null}
        </>
      )}
    </section>
  )
}

/** The stored contact: name, phone, email, note and custom fields. */
function ContactDetails({ contact, strings: texts }: { contact: Contact; strings: ContactCardStrings }) {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ')
  const custom = contact.customFields ? Object.entries(contact.customFields) : []
  return (
    <>
      <p className="lk-ContactCard-name">{name || texts.noName}</p>
      <dl className="lk-ContactCard-fields">
        <dt>{texts.phone}</dt>
        <dd>{contact.phoneNumber}</dd>
        {contact.email ? (
          <>
            <dt>{texts.email}</dt>
            <dd>{contact.email}</dd>
          </>
        ) : null}
        {contact.note ? (
          <>
            <dt>{texts.note}</dt>
            <dd className="lk-ContactCard-note">{contact.note}</dd>
          </>
        ) : null}
        {custom.map(([k, v]) => (
          <div key={k} className="lk-ContactCard-custom">
            <dt>{k}</dt>
            <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
          </div>
        ))}
      </dl>
    </>
  )
}

interface EditorProps {
  card: UseContactCardResult
  phoneNumber: string
  strings: ContactCardStrings
  errorStrings: ContactCardProps['errorStrings']
}

/** "Edit" (or "Add contact") and the editor as a modal dialog (Radix): focus moves in and stays, Escape closes, focus returns. */
function EditDialog(props: EditorProps) {
  const { card, strings: texts } = props
  const title = card.contact ? texts.edit : texts.create
  // The dialog opens inside the card, not at the end of the page's body: it inherits the card's
  // theme (`lk-theme-dark`, the host's `--lk-*` values) and stays fixed over the viewport.
  const [container, setContainer] = useState<HTMLElement | null>(null)
  const findCard = useCallback((el: HTMLElement | null) => {
    if (el) setContainer(el.closest<HTMLElement>('.lk-ContactCard'))
  }, [])
  return (
    <Dialog.Root {...card.dialogProps}>
      <Dialog.Trigger ref={findCard} className="lk-Button" data-variant={card.contact ? 'ghost' : undefined}>
        {title}
      </Dialog.Trigger>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className="lk-Dialog-overlay" />
        <Dialog.Content className="lk-Dialog lk-ContactCard-dialog" aria-describedby={card.ids.rules}>
          <div className="lk-Dialog-head">
            <Dialog.Title className="lk-Dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="lk-Button" data-variant="ghost small" aria-label={texts.close}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <ContactEditor {...props} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The form: names, email, note (editing only), custom fields as rows or JSON, what to fix, Save. */
function ContactEditor({ card, phoneNumber, strings: texts, errorStrings }: EditorProps) {
  const { contact, draft, invalid } = card
  const field = (key: 'firstName' | 'lastName' | 'email', label: string, type: 'text' | 'email' = 'text') => (
    <div className="lk-Field">
      <label htmlFor={card.fieldProps(key).id}>{label}</label>
      <input type={type} {...card.fieldProps(key)} />
    </div>
  )
  return (
    <form {...card.formProps} aria-label={contact ? texts.edit : texts.create}>
      <p className="lk-Notice" id={card.ids.rules}>
        {contact ? texts.updateRules : texts.createRules}
      </p>
      <p className="lk-ContactCard-phone">
        {texts.phone}: {phoneNumber}
      </p>
      {field('firstName', texts.firstName)}
      {field('lastName', texts.lastName)}
      {field('email', texts.email, 'email')}
      {/* The create endpoint has no note field; notes are set by editing. */}
      {contact ? (
        <div className="lk-Field">
          <label htmlFor={card.fieldProps('note').id}>{texts.note}</label>
          <textarea rows={2} {...card.fieldProps('note')} />
        </div>
      ) : null}
      {draft.json ? (
        <div className="lk-Field">
          <label htmlFor={card.customFieldsProps.id}>{texts.customFieldsJson}</label>
          <textarea rows={4} {...card.customFieldsProps} />
        </div>
      ) : (
        <CustomFieldRows card={card} strings={texts} />
      )}
      <button className="lk-Button" data-variant="ghost small" {...card.toggleJsonButtonProps}>
        {draft.json ? texts.editAsRows : texts.editAsJson}
      </button>
      {invalid ? (
        <p className="lk-Notice" data-tone="danger" role="alert" id={card.ids.invalid}>
          {invalid.text}
        </p>
      ) : null}
      {card.saveError ? (
        <p className="lk-Notice" data-tone="danger" role="alert">
          {isNoConnection(card.saveError)
            ? texts.notSavedOffline
            : describeLinekitError(card.saveError, contactErrorRule(errorStrings), errorStrings)}
        </p>
      ) : null}
      <div className="lk-ContactCard-actions">
        <button className="lk-Button" {...card.submitButtonProps}>
          {card.isSaving ? texts.saving : texts.save}
        </button>
        <Dialog.Close className="lk-Button" data-variant="ghost">
          {texts.cancel}
        </Dialog.Close>
      </div>
    </form>
  )
}

/** Custom fields as name/value rows, each removable, and "Add a field". */
function CustomFieldRows({ card, strings: texts }: { card: UseContactCardResult; strings: ContactCardStrings }) {
  return (
    <fieldset className="lk-ContactCard-rows" {...card.rowsProps}>
      <legend>{texts.customFields}</legend>
      {card.draft.rows.map((r, i) => (
        <div key={r.id} className="lk-ContactCard-row">
          <input aria-label={`${texts.fieldKey} ${i + 1}`} placeholder={texts.fieldKey} {...card.rowKeyProps(r)} />
          <input
            aria-label={`${texts.fieldValue} ${i + 1}`}
            placeholder={texts.fieldValue}
            {...card.rowValueProps(r)}
          />
          <button
            className="lk-Button"
            data-variant="ghost small"
            aria-label={texts.removeField(r.key.trim())}
            {...card.removeRowButtonProps(r)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
      <button className="lk-Button" data-variant="ghost small" {...card.addRowButtonProps}>
        {texts.addField}
      </button>
    </fieldset>
  )
}
