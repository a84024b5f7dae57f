export { LinePicker, linePickerStrings } from './LinePicker'
export type { LinePickerProps, LinePickerStrings } from './LinePicker'
