'use client'
import type { HTMLAttributes } from 'react'

/** Channels a message or thread can travel on (spec: Message record — `service`). */
export type ServiceName = 'nativechat' | 'SMS' | 'RCS'

/** Default, overridable labels (i18n). */
export const serviceBadgeStrings: Record<ServiceName, string> = {
  nativechat: 'Chat',
  SMS: 'SMS',
  RCS: 'RCS',
}

export interface ServiceBadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** The channel to show. Rendered as `data-service` for styling. */
  service: ServiceName
  /** Label overrides, e.g. `{ nativechat: 'iMessage' }`. @default serviceBadgeStrings */
  strings?: Partial<Record<ServiceName, string>>
}

/**
 * A small pill naming the channel a message travels on: native chat, SMS or RCS.
 * Themed by `--lk-color-bubble-nativechat`, `--lk-color-bubble-sms`, `--lk-color-bubble-rcs`.
 *
 * @example
 * <ServiceBadge service="SMS" />
 */
export function ServiceBadge({ service, strings, className, ...props }: ServiceBadgeProps) {
  const label = strings?.[service] ?? serviceBadgeStrings[service]
  return (
    <span data-service={service} {...props} className={['lk-ServiceBadge', className].filter(Boolean).join(' ')}>
      {label}
    </span>
  )
}
