import { RecipientInput, useGroupComposer } from 'linekit'

/** A group message form of your own. */
export function CustomGroupComposer() {
  const g = useGroupComposer()
  return (
    <form {...g.formProps} aria-label="Group message">
      <RecipientInput {...g.recipientInputProps} />
      <textarea {...g.messageInputProps} aria-label="Group message text" />
      {g.invalid ? <p role="alert">{g.invalid}</p> : null}
      <button {...g.submitButtonProps}>Send to group</button>
    </form>
  )
}
