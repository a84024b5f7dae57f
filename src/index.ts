'use client'
// linekit — provider, hooks and components. Every export is named; internals are not exported.
export { ServiceBadge, serviceBadgeStrings } from './components/ServiceBadge'
export type { ServiceBadgeProps, ServiceName } from './components/ServiceBadge'
