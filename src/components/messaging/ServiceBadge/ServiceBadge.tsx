'use client'
import type { HTMLAttributes } from 'react'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'

/** Channels a message or thread can travel on (spec: Message record — `service`). */
export type ServiceName = 'nativechat' | 'SMS' | 'RCS'

/** Default, overridable labels (i18n). */
export const serviceBadgeStrings = {
  nativechat: 'Chat',
  SMS: 'SMS',
  RCS: 'RCS',
} satisfies Record<ServiceName, string>
export type ServiceBadgeStrings = typeof serviceBadgeStrings

/** Props of {@link ServiceBadge}. */
export interface ServiceBadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** The channel to show. Rendered as `data-service` for styling. */
  service: ServiceName
  /** Label overrides, e.g. `{ nativechat: 'iMessage' }`. @default serviceBadgeStrings */
  strings?: StringOverrides<ServiceBadgeStrings>
}

/**
 * A small pill naming the channel a message travels on: native chat, SMS or RCS.
 * Themed by `--lk-color-bubble-nativechat`, `--lk-color-bubble-sms`, `--lk-color-bubble-rcs`.
 *
 * @example
 * <ServiceBadge service="SMS" />
 */
export function ServiceBadge({ service, strings, className, ...props }: ServiceBadgeProps) {
  const label = mergeStrings(serviceBadgeStrings, strings)[service]
  return (
    <span data-service={service} {...props} className={cx('lk-ServiceBadge', className)}>
      {label}
    </span>
  )
}
