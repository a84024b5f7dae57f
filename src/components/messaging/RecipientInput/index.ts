export { RecipientInput, recipientInputStrings } from './RecipientInput'
export type { RecipientInputProps, RecipientInputStrings, RecipientInputValue } from './RecipientInput'
