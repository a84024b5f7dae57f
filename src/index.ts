'use client'
// linekit — provider, hooks and components. Every export is named; internals are not exported.
export { ServiceBadge, serviceBadgeStrings } from './components/ServiceBadge'
export type { ServiceBadgeProps, ServiceBadgeStrings, ServiceName } from './components/ServiceBadge'

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
export { CallLogTable, callLogTableStrings } from './components/CallLogTable'
export type { CallLogTableProps, CallLogTableStrings, DispositionFilter } from './components/CallLogTable'
export { callLogsToCsv } from './components/calling/csv'
export type { DialerPhase } from './components/calling/dialerMachine'
export { Dialer, dialerStrings } from './components/Dialer'
export type { DialerProps, DialerStrings } from './components/Dialer'
export { InboundCallBanner, inboundCallBannerStrings } from './components/InboundCallBanner'
export type { InboundCallBannerProps, InboundCallBannerStrings } from './components/InboundCallBanner'
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
export type {
  ThreadItem,
  ThreadMessageItem,
  ThreadOptimisticItem,
  UseThreadOptions,
  UseThreadResult,
} from './hooks/useThread'
export { useMessages } from './hooks/useMessages'
export { useMessage } from './hooks/useMessage'
export { useLines } from './hooks/useLines'
export { useAvailability } from './hooks/useAvailability'
export { useContacts } from './hooks/useContacts'
export { useWorkflows } from './hooks/useWorkflows'
export { useCallLogs } from './hooks/useCallLogs'
export { useCallStatus } from './hooks/useCallStatus'
export { useEffects } from './hooks/useEffects'
export { useSendMessage } from './hooks/useSendMessage'
export type { UseSendMessageResult } from './hooks/useSendMessage'
export { sendWithTyping } from './hooks/sendWithTyping'
export type { SendWithTypingOptions } from './hooks/sendWithTyping'
export { useSendWithTyping } from './hooks/useSendWithTyping'
export { useTypingIndicator } from './hooks/useTypingIndicator'
export type { UseTypingIndicatorOptions, UseTypingIndicatorResult } from './hooks/useTypingIndicator'
export { useSendGroupMessage } from './hooks/useSendGroupMessage'
export { useSendReaction } from './hooks/useSendReaction'
export { useCreateContact } from './hooks/useCreateContact'
export { useUpdateContact } from './hooks/useUpdateContact'
export { useEnrollFlow } from './hooks/useEnrollFlow'
export { useCancelRun } from './hooks/useCancelRun'
export { useStartCall } from './hooks/useStartCall'
export { useAnswerCall } from './hooks/useAnswerCall'
export { useDeclineCall } from './hooks/useDeclineCall'
export { useEndCall } from './hooks/useEndCall'
export { useVoiceToken } from './hooks/useVoiceToken'
export type { UseVoiceTokenOptions, UseVoiceTokenResult } from './hooks/useVoiceToken'
export { createSseEventSource } from './events/createSseEventSource'
export type { SseEventSourceOptions } from './events/createSseEventSource'
export { createMemoryEventSource } from './events/createMemoryEventSource'
export type { MemoryEventSource } from './events/createMemoryEventSource'
export { createInboundCallStore } from './events/inboundCallStore'
export type {
  InboundCall,
  InboundCallStore,
  InboundCallsSnapshot,
  InboundCallStoreOptions,
} from './events/inboundCallStore'
export { useLinekitEvent } from './events/useLinekitEvent'
export { useInboundCalls } from './events/useInboundCalls'
export type { UseInboundCallsResult } from './events/useInboundCalls'
export type {
  LinekitEvent,
  LinekitEventOf,
  LinekitEventType,
  LinekitEventDataMap,
  LinekitEventSource,
  LinekitEventSourceStatus,
} from './events/types'
// end data layer

// messaging components
export { Conversation, conversationStrings } from './components/Conversation'
export type { ConversationProps, ConversationStrings } from './components/Conversation'
export { MessageList, messageListStrings } from './components/MessageList'
export type { MessageListProps, MessageListStrings } from './components/MessageList'
export { MessageBubble, messageBubbleStrings } from './components/MessageBubble'
export type { MessageBubbleProps, MessageBubbleStrings } from './components/MessageBubble'
export { MessageAttachment, messageAttachmentStrings } from './components/MessageAttachment'
export type { MessageAttachmentProps, MessageAttachmentStrings } from './components/MessageAttachment'
export { VoiceMemoPlayer, voiceMemoPlayerStrings } from './components/VoiceMemoPlayer'
export type { VoiceMemoPlayerProps, VoiceMemoPlayerStrings } from './components/VoiceMemoPlayer'
export { MessageComposer, messageComposerStrings } from './components/MessageComposer'
export type { MessageComposerProps, MessageComposerStrings } from './components/MessageComposer'
export { TypingIndicator, typingIndicatorStrings } from './components/TypingIndicator'
export type { TypingIndicatorProps, TypingIndicatorStrings } from './components/TypingIndicator'
export { ReactionBar, reactionBarStrings } from './components/ReactionBar'
export type { ReactionBarProps, ReactionBarStrings } from './components/ReactionBar'
export { GroupComposer, groupComposerStrings } from './components/GroupComposer'
export type { GroupComposerProps, GroupComposerStrings } from './components/GroupComposer'
export { RecipientInput, recipientInputStrings } from './components/RecipientInput'
export type { RecipientInputProps, RecipientInputStrings, RecipientInputValue } from './components/RecipientInput'
export { LinePicker, linePickerStrings } from './components/LinePicker'
export { lineLabel } from './components/lineLabel'
export type { LinePickerProps, LinePickerStrings } from './components/LinePicker'
export { AvailabilityBadge, availabilityBadgeStrings } from './components/AvailabilityBadge'
export type { AvailabilityBadgeProps, AvailabilityBadgeStrings } from './components/AvailabilityBadge'
export { ContactCard, contactCardStrings } from './components/ContactCard'
export type { ContactCardProps, ContactCardStrings } from './components/ContactCard'
export { EnrollFlowButton, enrollFlowButtonStrings } from './components/EnrollFlowButton'
export type { EnrollFlowButtonProps, EnrollFlowButtonStrings } from './components/EnrollFlowButton'
export {
  describeLinekitError,
  linekitErrorStrings,
  groupErrorStrings,
  enrollErrorStrings,
  contactErrorStrings,
  groupErrorRule,
  enrollErrorRule,
  contactErrorRule,
} from './components/errorMessages'
export type {
  LinekitErrorStrings,
  LinekitErrorContext,
  LinekitErrorRule,
  LinekitErrorLike,
  GroupErrorStrings,
  EnrollErrorStrings,
  ContactErrorStrings,
} from './components/errorMessages'
export type { DateOptions } from './components/internal/time'
// end messaging components
