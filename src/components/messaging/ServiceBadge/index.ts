export { ServiceBadge, serviceBadgeStrings } from './ServiceBadge'
export type { ServiceBadgeProps, ServiceBadgeStrings, ServiceName } from './ServiceBadge'
