'use client'
// linekit — provider, hooks and components. Every export is named; internals are not exported.
export { ServiceBadge, serviceBadgeStrings } from './components/ServiceBadge'
export type { ServiceBadgeProps, ServiceName } from './components/ServiceBadge'

// calling components
export { AudioEngineError, agoraAudioEngine, createFakeAudioEngine, toAudioEngineError } from './rtc'
export type {
  AgoraAudioEngineOptions,
  AgoraSdkLike,
  AudioEngine,
  AudioEngineErrorCode,
  AudioEngineEvents,
  AudioEngineState,
  AudioJoinCredentials,
  FakeAudioEngine,
  FakeAudioEngineOptions,
  MicrophoneInfo,
  TokenWillExpireEvent,
} from './rtc'
// end calling components

// data layer
export { LinekitProvider } from './provider/LinekitProvider'
export type { LinekitProviderProps } from './provider/LinekitProvider'
export type { LinekitContextValue } from './provider/context'
export { useLinekit } from './provider/useLinekit'
export { useLinekitClient } from './provider/useLinekitClient'
export { createRateGate } from './provider/rateGate'
export type { RateGate, GateTime } from './provider/rateGate'
export { gateClient, gatesFor } from './provider/wrapClient'
export type { ClientGates } from './provider/wrapClient'
export { createSendEngine } from './provider/sendEngine'
export type { OptimisticMessage, SendResult, SendEngine, SendEngineOptions } from './provider/sendEngine'
export { defaultRetryPolicy } from './provider/retryPolicy'
export type { RetryPolicy } from './provider/retryPolicy'
export { linekitKeys } from './hooks/keys'
export {
  messagesQueryOptions,
  messageQueryOptions,
  linesQueryOptions,
  availabilityQueryOptions,
  contactsQueryOptions,
  workflowsQueryOptions,
  callLogsQueryOptions,
  callStatusQueryOptions,
  effectsQueryOptions,
  linekitQueryRetry,
} from './hooks/options'
export { useThread } from './hooks/useThread'
export type { ThreadItem, ThreadMessageItem, ThreadOptimisticItem, UseThreadOptions, UseThreadResult } from './hooks/useThread'
export { useSendMessage } from './hooks/useSendMessage'
export type { UseSendMessageResult } from './hooks/useSendMessage'
export { createSseEventSource } from './events/createSseEventSource'
export type { SseEventSourceOptions } from './events/createSseEventSource'
export { createMemoryEventSource } from './events/createMemoryEventSource'
export type { MemoryEventSource } from './events/createMemoryEventSource'
export { createInboundCallStore } from './events/inboundCallStore'
export type { InboundCall, InboundCallStore, InboundCallsSnapshot, InboundCallStoreOptions } from './events/inboundCallStore'
export type {
  LinekitEvent,
  LinekitEventOf,
  LinekitEventType,
  LinekitEventDataMap,
  LinekitEventSource,
  LinekitEventSourceStatus,
} from './events/types'
// end data layer
