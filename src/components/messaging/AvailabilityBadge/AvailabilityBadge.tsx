'use client'
import type { HTMLAttributes } from 'react'
import { useAvailability } from '../../../hooks/useAvailability'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'

/** Default, overridable strings (i18n). */
export const availabilityBadgeStrings = {
  nativechat: 'Native chat',
  sms: 'SMS',
  checking: 'Checking…',
  unknown: 'Channel unknown',
  describeNativechat: 'This number can receive native-chat messages.',
  describeSms: 'This number cannot receive native chat; messages go as SMS.',
  describeUnknown: 'Whether this number can receive native chat could not be checked.',
}
export type AvailabilityBadgeStrings = typeof availabilityBadgeStrings

/**
 * Props of {@link AvailabilityBadge}.
 *
 * State attributes on the root: `data-state="loading" | "error" | "ready"` and
 * `data-service="nativechat" | "SMS"` once known.
 */
export interface AvailabilityBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** The number to check (E.164 preferred); nothing is checked while it is empty. */
  phoneNumber: string | undefined
  /** String overrides. @default availabilityBadgeStrings */
  strings?: StringOverrides<AvailabilityBadgeStrings>
}

/**
 * Says whether a number receives native-chat messages or falls back to SMS
 * (spec: POST /api-check-native-availability; only `available` is relied on). Themed by the
 * `--lk-color-bubble-nativechat` / `--lk-color-bubble-sms` variables, like `<ServiceBadge>`.
 *
 * @example
 * <AvailabilityBadge phoneNumber="+14155550100" />
 */
export function AvailabilityBadge({ phoneNumber, strings, className, ...props }: AvailabilityBadgeProps) {
  const texts = mergeStrings(availabilityBadgeStrings, strings)
  const query = useAvailability(phoneNumber && phoneNumber.trim() !== '' ? phoneNumber : undefined)
  const available = query.data?.available
  const state = query.data ? 'ready' : query.error ? 'error' : 'loading'
  const service = available === undefined ? undefined : available ? 'nativechat' : 'SMS'
  const label =
    service === 'nativechat'
      ? texts.nativechat
      : service === 'SMS'
        ? texts.sms
        : state === 'error'
          ? texts.unknown
          : texts.checking
  const description =
    service === 'nativechat'
      ? texts.describeNativechat
      : service === 'SMS'
        ? texts.describeSms
        : state === 'error'
          ? texts.describeUnknown
          : undefined
  return (
    <span
      title={description}
      {...props}
      className={cx('lk-AvailabilityBadge', className)}
      data-state={state}
      data-service={service}
    >
      {label}
      {description ? <span className="lk-sr-only">: {description}</span> : null}
    </span>
  )
}
