import { AudioEngineError, type AudioEngineErrorCode } from './AudioEngine'

const PERMISSION = new Set(['PERMISSION_DENIED', 'NotAllowedError', 'SecurityError', 'PermissionDeniedError'])
const NO_DEVICE = new Set([
  'DEVICE_NOT_FOUND',
  'NotFoundError',
  'DevicesNotFoundError',
  'OverconstrainedError',
  'CONSTRAINT_NOT_SATISFIED',
  // NOT_READABLE / NotReadableError: the device exists but another app holds it.
  'NOT_READABLE',
  'NotReadableError',
  'TrackStartError',
  'ENUMERATE_DEVICES_FAILED',
])
const NETWORK = new Set([
  'NETWORK_ERROR',
  'NETWORK_TIMEOUT',
  'NETWORK_RESPONSE_ERROR',
  'CAN_NOT_GET_GATEWAY_SERVER',
  'CAN_NOT_GET_PROXY_SERVER',
  'VOID_GATEWAY_ADDRESS',
  'WS_ABORT',
  'WS_DISCONNECT',
  'WS_ERR',
  'TIMEOUT',
  'API_INVOKE_TIMEOUT',
  'ICE_FAILED',
  'NO_ICE_CANDIDATE',
  'GATEWAY_P2P_LOST',
])
const TOKEN = new Set(['TOKEN_EXPIRE', 'INVALID_TOKEN', 'TOKEN_EXPIRED', 'DYNAMIC_KEY_EXPIRED', 'INVALID_DYNAMIC_KEY'])

const defaultMessages: Record<AudioEngineErrorCode, string> = {
  permission_denied: 'Microphone access was denied.',
  no_device: 'No usable microphone was found.',
  network: 'The call audio could not connect.',
  token_expired: 'The call audio credentials expired.',
  unknown: 'The call audio failed.',
}

function read(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

/**
 * Maps whatever the SDK or the browser threw to an {@link AudioEngineError}. Agora errors carry a
 * string `code` (`PERMISSION_DENIED`, `DEVICE_NOT_FOUND`, `NETWORK_ERROR`, …) and often wrap the
 * browser's DOMException (`NotAllowedError`, `NotFoundError`) in their message.
 */
export function toAudioEngineError(error: unknown): AudioEngineError {
  if (error instanceof AudioEngineError) return error
  const code = read(error, 'code')
  const name = read(error, 'name')
  const message = String(read(error, 'message') ?? (typeof error === 'string' ? error : ''))
  const keys = [code, name].filter((k): k is string => typeof k === 'string')
  // Agora puts the browser's reason in the message: "PERMISSION_DENIED: NotAllowedError: Permission denied".
  for (const word of message.split(/[^A-Za-z_]+/)) if (word) keys.push(word)
  const sdkCode = typeof code === 'string' ? code : typeof name === 'string' && name !== 'Error' ? name : undefined
  let mapped: AudioEngineErrorCode = 'unknown'
  if (keys.some((k) => PERMISSION.has(k)) || /permission denied/i.test(message)) mapped = 'permission_denied'
  else if (
    keys.some((k) => NO_DEVICE.has(k)) ||
    /requested device not found|could not start audio source/i.test(message)
  )
    mapped = 'no_device'
  else if (keys.some((k) => TOKEN.has(k)) || /invalid token|token expired/i.test(message)) mapped = 'token_expired'
  else if (
    keys.some((k) => NETWORK.has(k)) ||
    // A failed dynamic import of the SDK chunk is a network problem for the user.
    /failed to fetch|dynamically imported module|network/i.test(message)
  )
    mapped = 'network'
  return new AudioEngineError(mapped, message && mapped === 'unknown' ? message : defaultMessages[mapped], {
    sdkCode,
    cause: error,
  })
}
