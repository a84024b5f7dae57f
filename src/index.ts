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
export type { RateLimitState } from './provider/useRateLimit'
export type { RateGate } from './provider/rateGate'
export { defaultRetryPolicy } from './provider/retryPolicy'
export type { RetryPolicy } from './provider/retryPolicy'
export type { UploadAttachment, UploadAttachmentOptions } from './provider/uploads'
export type { SendEngine } from './provider/sendEngine'
export type { OptimisticMessage, SendResult, SendWait } from './provider/sendTypes'

// ─── hooks and query-option factories ───────────────────────────────────────
export { linekitKeys } from './hooks/keys'
export {
  linekitRetry,
  linekitQueryRetry,
  messagesQueryOptions,
  messageQueryOptions,
  linesQueryOptions,
  availabilityQueryOptions,
  contactsQueryOptions,
  workflowsQueryOptions,
  callLogsQueryOptions,
  messageSearchQueryOptions,
  callStatusQueryOptions,
  effectsQueryOptions,
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
export { useReactions } from './hooks/useReactions'
export { useEffects } from './hooks/useEffects'
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
export { useLinekitEvent } from './events/useLinekitEvent'
export { useInboundCalls } from './events/useInboundCalls'
export type { UseInboundCallsResult } from './events/useInboundCalls'
export { useInboundCallHistory } from './events/useInboundCallHistory'
export type { InboundCallHistoryStatus, UseInboundCallHistoryResult } from './events/useInboundCallHistory'
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
// Each has a `xxxStrings` object of defaults; `strings` props take partial overrides.
// messaging
export { ConversationList, conversationListStrings } from './components/ConversationList'
export type { ConversationListProps, ConversationListStrings } from './components/ConversationList'
export { useNotifications, notificationsStrings } from './components/notifications/useNotifications'
export type {
  NotificationPermissionState,
  NotificationThread,
  NotificationsStrings,
  UseNotificationsOptions,
  UseNotificationsResult,
} from './components/notifications/useNotifications'
export type { MessageSearchResultsStrings, MessageSearchSelection } from './components/messageSearch'
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
export { GroupConversation, groupConversationStrings } from './components/GroupConversation'
export type { GroupConversationProps, GroupConversationStrings } from './components/GroupConversation'
export {
  GroupComposer,
  groupComposerStrings,
  GroupComposerDialog,
  groupComposerDialogStrings,
} from './components/GroupComposer'
export type {
  GroupComposerProps,
  GroupComposerStrings,
  GroupComposerDialogProps,
  GroupComposerDialogStrings,
} from './components/GroupComposer'
export { useGroupComposer } from './components/messaging/useGroupComposer'
export type {
  GroupComposerChannel,
  GroupComposerState,
  UseGroupComposerOptions,
  UseGroupComposerResult,
} from './components/messaging/useGroupComposer'
export { RecipientInput, recipientInputStrings } from './components/RecipientInput'
export type { RecipientInputProps, RecipientInputStrings, RecipientInputValue } from './components/RecipientInput'
export { LinePicker, linePickerStrings } from './components/LinePicker'
export type { LinePickerProps, LinePickerStrings } from './components/LinePicker'
export { lineLabel } from './components/lineLabel'
export { ServiceBadge, serviceBadgeStrings } from './components/ServiceBadge'
export type { ServiceBadgeProps, ServiceBadgeStrings, ServiceName } from './components/ServiceBadge'
export { AvailabilityBadge, availabilityBadgeStrings } from './components/AvailabilityBadge'
export type { AvailabilityBadgeProps, AvailabilityBadgeStrings } from './components/AvailabilityBadge'
export { ContactCard, contactCardStrings } from './components/ContactCard'
export { Inbox, inboxStrings } from './components/Inbox'
export type { InboxParts, InboxProps, InboxStrings, InboxThread } from './components/Inbox'
export type { ContactCardProps, ContactCardStrings } from './components/ContactCard'
export { useContactCard } from './components/contact/useContactCard'
export type { UseContactCardOptions, UseContactCardResult } from './components/contact/useContactCard'
export { EnrollFlowButton, enrollFlowButtonStrings } from './components/EnrollFlowButton'
export type { EnrollFlowButtonProps, EnrollFlowButtonStrings } from './components/EnrollFlowButton'
export type { DateOptions } from './components/internal/time'
// calling
export { Dialer, dialerStrings } from './components/Dialer'
export type { DialerProps, DialerStrings } from './components/Dialer'
export type { DialerAudio, DialerPhase, DialerState } from './components/calling/dialerMachine'
export { useDialer } from './components/calling/useDialer'
export type { UseDialerOptions, UseDialerResult } from './components/calling/useDialer'
export { useCallLeaveGuard } from './components/calling/useCallLeaveGuard'
export { useRingTone } from './components/calling/useRingTone'
export { Keypad, keypadStrings } from './components/Keypad'
export type { KeypadProps, KeypadStrings } from './components/Keypad'
export { MuteButton } from './components/MuteButton'
export type { MuteButtonProps } from './components/MuteButton'
export { MicrophonePicker } from './components/MicrophonePicker'
export type { MicrophonePickerProps } from './components/MicrophonePicker'
export { MicrophoneLevel } from './components/MicrophoneLevel'
export type { MicrophoneLevelProps } from './components/MicrophoneLevel'
export { AudioControls } from './components/AudioControls'
export type { AudioControlsProps } from './components/AudioControls'
export { audioControlsStrings, useMuted } from './components/calling/audioEngineParts'
export type { AudioControlsStrings } from './components/calling/audioEngineParts'
export { CallTimer } from './components/CallTimer'
export type { CallTimerProps } from './components/CallTimer'
export { InboundCallBanner, inboundCallBannerStrings } from './components/InboundCallBanner'
export type { InboundCallBannerProps, InboundCallBannerStrings } from './components/InboundCallBanner'
export { useInboundCallBanner } from './components/calling/useInboundCallBanner'
export type {
  InboundCallPhase,
  InboundCallView,
  UseInboundCallBannerOptions,
  UseInboundCallBannerResult,
} from './components/calling/useInboundCallBanner'
export { InboundCallHistory, inboundCallHistoryStrings } from './components/InboundCallHistory'
export type { InboundCallHistoryProps, InboundCallHistoryStrings } from './components/InboundCallHistory'
export { CallLogTable, callLogTableStrings } from './components/CallLogTable'
export type {
  CallLogTableFilters,
  CallLogTableProps,
  CallLogTableStrings,
  DispositionFilter,
} from './components/CallLogTable'
export { useCallLogTable } from './components/calling/useCallLogTable'
export type { UseCallLogTableOptions, UseCallLogTableResult } from './components/calling/useCallLogTable'
export { callLogsToCsv } from './components/calling/csv'
// errors shown to users: hooks return typed `LinekitError`s; components turn them into sentences
export {
  describeLinekitError,
  linekitErrorStrings,
  groupErrorStrings,
  groupErrorRule,
  enrollErrorStrings,
  enrollErrorRule,
  contactErrorStrings,
  contactErrorRule,
} from './components/errorMessages'
export type {
  LinekitErrorLike,
  LinekitErrorContext,
  LinekitErrorRule,
  LinekitErrorStrings,
  GroupErrorStrings,
  EnrollErrorStrings,
  ContactErrorStrings,
} from './components/errorMessages'
