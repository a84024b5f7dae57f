/** The inbound-call banner's default texts, apart from its component: its hook and parts use them without a cycle. */
import type { AudioEngineError } from '../../../rtc'

/** Default, overridable texts of the {@link InboundCallBanner} (i18n). */
export const inboundCallBannerStrings = {
  region: 'Incoming calls',
  calls: 'Calls',
  notices: 'Recent calls',
  announce: (from: string, line: string) => `Incoming call from ${from} on ${line}`,
  incoming: 'Incoming call',
  onLine: (line: string) => `on ${line}`,
  since: (time: string) => `ringing since ${time}`,
  ringingCount: (n: number) => `${n} incoming calls`,
  waiting: (n: number) => `${n} more call${n === 1 ? '' : 's'} waiting`,
  answer: 'Answer',
  /** Read after each new call's announcement. */
  shortcutHint: (keys: string) => `Press ${keys} to go to Answer.`,
  decline: 'Decline',
  hangUp: 'Hang up',
  mute: 'Mute',
  unmute: 'Unmute',
  microphone: 'Microphone',
  microphoneDefault: 'System default',
  level: 'Microphone level',
  retry: 'Try again',
  rejoin: 'Rejoin audio',
  answering: 'Answering…',
  declining: 'Declining…',
  connected: (from: string) => `In call with ${from}`,
  audioState: {
    joining: 'Connecting audio…',
    connected: 'Audio connected',
  },
  deviceOnly: 'Answered on the line’s phone: its audio can’t be joined in the browser. Talk on the phone.',
  duration: 'Call duration',
  /** 409: the call is no longer an inbound call that is ringing (spec: answer/decline 409). */
  gone: (from: string) => `The call from ${from} was already answered elsewhere or has ended.`,
  notAccepted: 'The line’s phone didn’t accept the answer. Try again.',
  declineNotAccepted: 'The line’s phone didn’t accept the decline. Try again.',
  deviceError: 'The line’s phone reported an error. Try again.',
  deviceUnreachable: 'The line’s phone can’t be reached right now. Try again in a moment.',
  /** 502/504 from linekit/server itself: the calling service did not answer (not the phone). */
  serviceUnreachable: 'The calling service couldn’t be reached. Try again.',
  /** 403 `AUDIOCALL_NOT_ENABLED` (spec: Authentication 4): no retry can help. */
  notEnabled: 'Audio calls aren’t enabled for this account.',
  rateLimited: (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`,
  rateLimitedSoon: 'Too many requests. Try again in a moment.',
  failed: 'That didn’t work. Try again.',
  // Notices left by calls this user did not take (spec: audiocall.inbound.answered / ended).
  notice: {
    missed: (from: string, time: string) => `Missed call from ${from} at ${time}`,
    declined: (from: string, time: string) => `Declined call from ${from} at ${time}`,
    answered_elsewhere: (from: string, time: string) => `Call from ${from} at ${time} was answered elsewhere`,
  },
  callBack: 'Call back',
  callBackTo: (from: string) => `Call back ${from}`,
  dismiss: 'Dismiss',
  dismissNotice: (from: string) => `Dismiss the notice about ${from}`,
  audio: {
    permission_denied: 'Microphone access is blocked. Allow it in the browser’s site settings, then rejoin.',
    no_device: 'No usable microphone was found. Connect one, then rejoin.',
    network: 'The call audio couldn’t connect. Check the connection, then rejoin.',
    token_expired: 'The call’s audio credentials expired.',
    unknown: 'The call audio failed. Try rejoining.',
  } satisfies Record<AudioEngineError['code'], string>,
}
/** Texts of the {@link InboundCallBanner}. */
export type InboundCallBannerStrings = typeof inboundCallBannerStrings
