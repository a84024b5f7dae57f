export { lineLabel } from './lineLabel'
export type { DateOptions } from './time'
export { useCallLeaveGuard } from './useCallLeaveGuard'
export { useRingTone } from './useRingTone'
export { CallTimer } from './CallTimer'
export type { CallTimerProps } from './CallTimer'
export {
  describeLinekitError,
  linekitErrorStrings,
  groupErrorStrings,
  groupErrorRule,
  enrollErrorStrings,
  enrollErrorRule,
  contactErrorStrings,
  contactErrorRule,
} from './errorMessages'
export type {
  LinekitErrorLike,
  LinekitErrorContext,
  LinekitErrorRule,
  LinekitErrorStrings,
  GroupErrorStrings,
  EnrollErrorStrings,
  ContactErrorStrings,
} from './errorMessages'
