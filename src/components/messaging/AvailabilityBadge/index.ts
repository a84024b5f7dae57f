export { AvailabilityBadge, availabilityBadgeStrings } from './AvailabilityBadge'
export type { AvailabilityBadgeProps, AvailabilityBadgeStrings } from './AvailabilityBadge'
