export { ContactCard, contactCardStrings } from './ContactCard'
export type { ContactCardProps, ContactCardStrings } from './ContactCard'
export { useContactCard } from './useContactCard'
export type { UseContactCardOptions, UseContactCardResult } from './useContactCard'
