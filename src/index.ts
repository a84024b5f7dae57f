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
