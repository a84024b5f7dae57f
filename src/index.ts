'use client'
// linekit: React hooks and components for messaging and calling on dedicated phone lines.
// The exports follow the layers, each built on the ones above it:
//   provider → hooks and query-option factories → live events → calling audio (rtc) → components.
// Every export is named; modules under `internal/` are not exported. The typed API client and its
// schemas are `linekit/api`; the server routes are `linekit/server`; the mock service is `linekit/mocks`.

// ─── provider ───────────────────────────────────────────────────────────────
export { LinekitProvider } from './provider/LinekitProvider'
export type { LinekitProviderProps } from './provider/LinekitProvider'
export { useLinekit } from './provider/useLinekit'
export type { LinekitContextValue } from './provider/context'
export { useLinekitClient } from './provider/useLinekitClient'
export { useRateLimit } from './provider/useRateLimit'
export { useEventsStatus } from './provider/useEventsStatus'
export type { RateLimitState } from './provider/useRateLimit'
export type { RateGate } from './provider/rateGate'
export { defaultRetryPolicy } from './provider/retryPolicy'
export type { RetryPolicy } from './provider/retryPolicy'
export type { UploadAttachment, UploadAttachmentOptions } from './provider/uploads'
export type { SendEngine } from './provider/sendEngine'
export type { OptimisticMessage, SendResult, SendWait } from './provider/sendTypes'

// ─── hooks and query-option factories ───────────────────────────────────────
export { linekitKeys } from './provider/keys'
export {
  linekitRetry,
  messagesQueryOptions,
  messageQueryOptions,
  linesQueryOptions,
  availabilityQueryOptions,
  contactsQueryOptions,
  workflowsQueryOptions,
  callLogsQueryOptions,
  messageSearchQueryOptions,
  callStatusQueryOptions,
  messageEffectsQueryOptions,
  threadInfiniteQueryOptions,
  groupThreadInfiniteQueryOptions,
  olderConversationsInfiniteQueryOptions,
} from './hooks/options'
export type { LineCursors } from './hooks/options'
export {
  sendMessageMutationOptions,
  sendGroupMessageMutationOptions,
  sendReactionMutationOptions,
  createContactMutationOptions,
  updateContactMutationOptions,
  enrollFlowMutationOptions,
  cancelRunMutationOptions,
  startCallMutationOptions,
  answerCallMutationOptions,
  declineCallMutationOptions,
  endCallMutationOptions,
} from './hooks/mutationOptions'
// messages
export { useConversationList } from './hooks/useConversationList'
export type {
  ConversationSummary,
  UseConversationListOptions,
  UseConversationListResult,
} from './hooks/useConversationList'
export { useThread } from './hooks/useThread'
export type {
  ThreadItem,
  ThreadMessageItem,
  ThreadOptimisticItem,
  UseThreadOptions,
  UseThreadResult,
} from './hooks/useThread'
export { useGroupThread } from './hooks/useGroupThread'
export type { UseGroupThreadOptions, UseGroupThreadResult } from './hooks/useGroupThread'
export { useMessages } from './hooks/useMessages'
export { useMessage } from './hooks/useMessage'
export { useSendMessage } from './hooks/useSendMessage'
export type { UseSendMessageResult } from './hooks/useSendMessage'
export { sendWithTyping } from './hooks/sendWithTyping'
export type { SendWithTypingOptions } from './hooks/sendWithTyping'
export { useSendWithTyping } from './hooks/useSendWithTyping'
export { useTypingIndicator } from './hooks/useTypingIndicator'
export type { UseTypingIndicatorOptions, UseTypingIndicatorResult } from './hooks/useTypingIndicator'
export { useSendGroupMessage } from './hooks/useSendGroupMessage'
export type { UseSendGroupMessageResult } from './hooks/useSendGroupMessage'
export { useSendReaction } from './hooks/useSendReaction'
export type { UseSendReactionResult } from './hooks/useSendReaction'
export { useReactions } from './hooks/useReactions'
export { useMessageEffects } from './hooks/useMessageEffects'
export { useMessageSearch } from './hooks/useMessageSearch'
export type { UseMessageSearchOptions, UseMessageSearchResult } from './hooks/useMessageSearch'
// lines, availability, contacts, workflows
export { useLines } from './hooks/useLines'
export { useAvailability } from './hooks/useAvailability'
export { useContacts } from './hooks/useContacts'
export { useCreateContact } from './hooks/useCreateContact'
export { useUpdateContact } from './hooks/useUpdateContact'
export { useWorkflows } from './hooks/useWorkflows'
export { useEnrollFlow } from './hooks/useEnrollFlow'
export { useCancelRun } from './hooks/useCancelRun'
// calls
export { useCallLogs } from './hooks/useCallLogs'
export { useCallStatus } from './hooks/useCallStatus'
export { useStartCall } from './hooks/useStartCall'
export { useAnswerCall } from './hooks/useAnswerCall'
export { useDeclineCall } from './hooks/useDeclineCall'
export { useEndCall } from './hooks/useEndCall'
export { useVoiceToken } from './hooks/useVoiceToken'
export type { UseVoiceTokenOptions, UseVoiceTokenResult } from './hooks/useVoiceToken'

// ─── live events ────────────────────────────────────────────────────────────
export { createSseEventSource } from './events/createSseEventSource'
export type { SseEventSourceOptions } from './events/createSseEventSource'
export { createMemoryEventSource } from './events/createMemoryEventSource'
export type { MemoryEventSource } from './events/createMemoryEventSource'
export { useLinekitEvent } from './hooks/useLinekitEvent'
export { useInboundCalls } from './hooks/useInboundCalls'
export type { UseInboundCallsResult } from './hooks/useInboundCalls'
export { useInboundCallHistory } from './hooks/useInboundCallHistory'
export type { InboundCallHistoryStatus, UseInboundCallHistoryResult } from './hooks/useInboundCallHistory'
export type {
  CallBackRequest,
  InboundCall,
  InboundCallOutcome,
  InboundCallRecord,
  InboundCallStore,
  InboundCallsSnapshot,
} from './events/inboundCallStore'
export type {
  LinekitEvent,
  LinekitEventOf,
  LinekitEventType,
  LinekitEventDataMap,
  LinekitEventSource,
  LinekitEventSourceStatus,
} from './events/LinekitEventSource'

// ─── calling audio (rtc) ────────────────────────────────────────────────────
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

// ─── components ─────────────────────────────────────────────────────────────
// One folder per component, by domain; each folder's index.ts is its public surface (the component,
// its parts and hook, its `xxxStrings` defaults, its prop types). `strings` props take partial overrides.
// Building blocks with two or more users are in shared/; the prefab (<Inbox>) composes the rest.
// shared building blocks (error sentences, line labels, call timer)
export * from './components/shared'
// messaging
export * from './components/messaging/ConversationList'
export * from './components/messaging/ConnectionStatus'
export * from './components/messaging/Notifications'
export * from './components/messaging/Conversation'
export * from './components/messaging/MessageList'
export * from './components/messaging/MessageBubble'
export * from './components/messaging/MessageComposer'
export * from './components/messaging/TypingIndicator'
export * from './components/messaging/ReactionBar'
export * from './components/messaging/GroupConversation'
export * from './components/messaging/GroupComposer'
export * from './components/messaging/RecipientInput'
export * from './components/messaging/LinePicker'
export * from './components/messaging/ServiceBadge'
export * from './components/messaging/AvailabilityBadge'
// contacts and flows
export * from './components/contacts/ContactCard'
export * from './components/contacts/EnrollFlowButton'
// calling
export * from './components/calling/Dialer'
export * from './components/calling/AudioControls'
export * from './components/calling/InboundCallBanner'
export * from './components/calling/InboundCallHistory'
export * from './components/calling/CallLogTable'
// prefabs
export * from './components/prefabs/Inbox'
