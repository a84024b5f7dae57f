/** Default texts of the Dialer, apart from its component so its parts can use them without a cycle. */
import type { DialerAudio, DialerPhase } from './dialerMachine'

/** Default, overridable texts of the `<Dialer>` (i18n). Functions receive the values to insert. */
export const dialerStrings = {
  title: 'Dialer',
  line: 'Line',
  noLines: 'No line of this account can place audio calls.',
  linesLoading: 'Loading lines…',
  linesError: 'Lines could not be loaded.',
  number: 'Phone number',
  willCall: (e164: string) => `Will call ${e164}`,
  keypad: 'Keypad',
  backspace: 'Delete last digit',
  call: 'Call',
  hangUp: 'Hang up',
  mute: 'Mute',
  unmute: 'Unmute',
  microphone: 'Microphone',
  microphoneDefault: 'System default',
  level: 'Microphone level',
  duration: 'Call duration',
  newCall: 'New call',
  retry: 'Try again',
  rejoin: 'Rejoin audio',
  dismiss: 'Dismiss',
  preparing: 'Preparing calling…',
  // The call's phase, from the service only: "Ringing…" until it reports the call answered.
  phase: {
    idle: 'Ready to call',
    placing: 'Calling…',
    ringing: 'Ringing…',
    connected: 'Connected',
    ended: 'Call ended',
  } satisfies Record<DialerPhase, string>,
  /** The callee answered but this browser's audio failed: not the all-is-well "Connected". */
  connectedWithoutAudio: 'Answered, but your audio is not connected',
  /** Shown beside the phase while the microphone is muted. */
  muted: 'microphone muted',
  /** While an inbound call answered in this browser goes on (the dialer cannot place another). */
  onInboundCall: (from: string) => `On an incoming call with ${from}`,
  /** The call's audio is joined but nobody has answered yet. */
  audioReady: 'Audio ready, waiting for an answer',
  // This browser's audio, separate from the call's phase.
  audioState: {
    none: '',
    joining: 'Connecting audio…',
    joined: 'Audio connected',
    failed: 'Audio not connected',
    device: '',
  } satisfies Record<DialerAudio, string>,
  trial:
    'Trial accounts can’t place calls from the browser. Upgrade the account to call from here; you can still receive calls on your line’s phone.',
  deviceOnly:
    'This call rings on the line’s phone, but its audio can’t be joined in the browser. Follow it here; talk on the phone.',
  ended: (status: string, duration: string | undefined) =>
    `Call ended${status && status !== 'hung_up' && status !== 'ended' ? ` (${status.replace(/_/g, ' ')})` : ''}${duration ? ` after ${duration}` : ''}.`,
  notAnswered: 'The call wasn’t answered.',
  // Allowance (spec: Voice token response — allowance)
  allowanceTitle: 'Minutes today',
  allowanceUsed: (used: number, included: number, pct: number) => `${used} of ${included} min used (${pct}%)`,
  allowanceSoft: 'Close to today’s included minutes.',
  allowanceCap: (cap: number) => `Workspace cap: ${cap} min`,
  allowanceLine: (used: number, cap: number | null) =>
    cap === null ? `This line: ${used} min today, no cap` : `This line: ${used} of ${cap} min`,
  allowanceLineCapped: 'This line reached its daily cap: new calls from it are refused until the reset.',
  allowanceUnknown: 'Today’s minutes couldn’t be read; calling still works.',
  allowanceResets: (time: string) => `Resets ${time}`,
  callsLeft: (n: number) => `${n} call${n === 1 ? '' : 's'} left on this token`,
  // Mint errors by SDK code (spec: Errors — dialer mint mapping table): what happened, what to do.
  mint: {
    cap_reached: {
      title: 'Today’s calling minutes are used up.',
      action: (reset: string) => `Calls can be placed again after the reset at ${reset}. An admin can raise the cap.`,
    },
    rate_limited: {
      title: 'Too many calling requests right now.',
      action: (seconds: number) => (seconds > 0 ? `Try again in ${seconds} s.` : 'You can try again now.'),
    },
    subscription_required: {
      title: 'Calling isn’t part of this workspace’s plan.',
      action: 'An admin can add the dialer add-on in the service’s settings.',
    },
    line_unavailable: {
      title: 'This line can’t place calls.',
      action: 'Pick another line. Shared, trial and inbound-only lines can’t dial out.',
    },
    account_paywalled: {
      title: 'The account has a past-due balance.',
      action: 'An admin must settle billing before calls can be placed.',
    },
    not_provisioned: {
      title: 'Calling isn’t set up yet.',
      action: 'The business registration is still being approved; calling starts once it is.',
    },
    token_unavailable: {
      title: 'Calling is unavailable right now.',
      action: 'Try again in a moment. If it keeps failing, ask an admin to check the calling setup.',
      actionKey:
        'The server’s API key can’t mint voice tokens. An admin must create a new key in the service’s settings.',
      actionConfig: 'Calling isn’t fully configured for this workspace. Contact the service’s support.',
    },
  },
  // Start-call errors (spec: start-audiocall — 502 device error, 503 device unreachable)
  start: {
    deviceError: 'The line’s phone reported an error while placing the call.',
    deviceUnreachable: 'The line’s phone can’t be reached right now.',
    deviceAction: 'Check that the phone is on and connected, then try again.',
    notEnabled: 'Audio calls aren’t enabled for this account.',
    rateLimited: (seconds: number) =>
      seconds > 0 ? `Too many requests: try again in ${seconds} s.` : 'Too many requests: you can try again now.',
    rateLimitedSoon: 'Too many requests: try again in a moment.',
    /** 502/504 from linekit/server itself: the calling service did not answer (not the phone). */
    serviceUnreachable: 'The calling service couldn’t be reached. Try again in a moment.',
    network: 'The server couldn’t be reached. Check the connection and try again.',
    generic: 'The call couldn’t be placed.',
    /** The service's own words (a plain sentence only; see `serviceSaid`). */
    serviceSaid: (text: string) => `It said: “${text}”`,
  },
  end: 'The call couldn’t be hung up from here; it may already have ended.',
  // Audio engine errors (src/rtc AudioEngineError codes)
  audio: {
    permission_denied:
      'Microphone access is blocked. Allow the microphone in the browser’s site settings, then rejoin.',
    no_device: 'No usable microphone was found. Connect one (or close the app using it), then rejoin.',
    network: 'The call audio couldn’t connect. Check the connection, then rejoin.',
    token_expired: 'The call’s audio credentials expired. Hang up and call again.',
    unknown: 'The call audio failed. Try rejoining.',
  },
}

/** Texts of the `<Dialer>`; every key is optional in the `strings` prop. */
export type DialerStrings = typeof dialerStrings
