/** Default, overridable strings (i18n). */
export const contactCardStrings = {
  label: 'Contact',
  loading: 'Loading contact…',
  error: 'The contact could not be loaded.',
  retry: 'Try again',
  none: 'No contact is stored for this number yet.',
  create: 'Add contact',
  edit: 'Edit',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  /** The save got no answer (no connection): nothing was stored, the editor keeps what was typed, also if closed and opened again. */
  notSavedOffline: "Not saved: no connection. Your changes are kept; try again when you're back online.",
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  note: 'Note',
  phone: 'Phone',
  customFields: 'Custom fields',
  customFieldsJson: 'Custom fields (JSON object)',
  fieldKey: 'Field name',
  fieldValue: 'Value',
  addField: 'Add a field',
  removeField: (key: string) => (key ? `Remove ${key}` : 'Remove this field'),
  editAsJson: 'Edit as JSON',
  editAsRows: 'Edit as fields',
  emailInvalid: 'Enter an email address like name@example.com.',
  duplicateKey: (key: string) => `The field name “${key}” is used twice.`,
  emptyKey: 'Give every field a name, or remove it.',
  close: 'Close',
  noName: 'No name',
  createRules:
    'If this number is already stored: a name is filled in only where none is stored yet, a non-empty email replaces the stored one, and custom fields are merged key by key.',
  updateRules: 'Saving replaces every field shown here; custom fields are replaced as a whole, not merged.',
  customFieldsInvalid: 'Custom fields must be a JSON object, e.g. {"plan": "gold"}.',
  customFieldsTooLong: (max: string, length: string) =>
    `Custom fields may be at most ${max} characters as compact JSON; these are ${length}.`,
  /** Shown after the dialog closed: it says the merge rules itself, not where they were. */
  createdBeforeMerge:
    'Saved. Where this number was already stored, a name was kept if one was stored, a new email replaced the old one, and custom fields were merged.',
}
export type ContactCardStrings = typeof contactCardStrings
