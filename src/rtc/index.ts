export { AudioEngineError } from './AudioEngine'
export type {
  AudioEngine,
  AudioEngineErrorCode,
  AudioEngineEvents,
  AudioEngineState,
  AudioJoinCredentials,
  MicrophoneInfo,
  TokenWillExpireEvent,
} from './AudioEngine'
export { createFakeAudioEngine } from './createFakeAudioEngine'
export type { FakeAudioEngine, FakeAudioEngineOptions } from './createFakeAudioEngine'
export { agoraAudioEngine } from './agoraAudioEngine'
export type {
  AgoraAudioEngineOptions,
  AgoraClientLike,
  AgoraMicrophoneTrackLike,
  AgoraRemoteAudioTrackLike,
  AgoraRemoteUserLike,
  AgoraSdkLike,
} from './agoraAudioEngine'
export { toAudioEngineError } from './toAudioEngineError'
