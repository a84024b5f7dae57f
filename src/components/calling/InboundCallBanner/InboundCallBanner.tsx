'use client'
import { useId, type HTMLAttributes } from 'react'
import type { AudioEngine } from '../../../rtc'
import type { InboundCall, InboundCallRecord } from '../../../events/inboundCallStore'
import { cx } from '../../shared/cx'
import type { StringOverrides } from '../../shared/mergeStrings'
import { inboundCallBannerStrings, type InboundCallBannerStrings } from './inboundCallBannerStrings'
import { useInboundCallBanner } from './useInboundCallBanner'
import { InboundCallItem, InboundCallNotices } from './InboundCallItem'

export { inboundCallBannerStrings, type InboundCallBannerStrings }

export interface InboundCallBannerProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Audio engine for answered calls; beats the provider's. @default useLinekit().audioEngine */
  audioEngine?: AudioEngine
  /** Text overrides (i18n); nested groups merge. @default inboundCallBannerStrings */
  strings?: StringOverrides<InboundCallBannerStrings>
  /** Locale for times. @default the browser's */
  locale?: string
  /** Clock for the call timer. @default Date.now */
  now?: () => number
  /** How long a passing notice stays, in ms: "already answered elsewhere" after a refused answer, a declined call's. @default 6000 */
  noticeMs?: number
  /** Ring while a call rings (a WebAudio tone, after the page's first user gesture). @default true */
  ringSound?: boolean
  /** Calls shown at once; the rest are counted as waiting. @default 3 */
  maxVisible?: number
  /**
   * Called by "Call back" on a missed, declined or answered-elsewhere call. @default a `<Dialer>`
   * on the page places the call; with none, "Call back" is a `tel:` link
   */
  onCallBack?: (call: InboundCallRecord) => void
  /** Called after an answer was accepted (`joinable` false when `rtc` was null). @default undefined */
  onAnswer?: (call: InboundCall, info: { joinable: boolean }) => void
  /** Called after a decline was accepted. @default undefined */
  onDecline?: (call: InboundCall) => void
  /**
   * `overlay`: fixed in the viewport's corner, over the page. `inline`: in the page flow where it
   * is placed, sticking to the top of the scrolling area, so it never covers the page's controls
   * (the `<Inbox>` prefab places it so). @default 'overlay'
   */
  placement?: 'overlay' | 'inline'
}

/**
 * The inbound-call surface: fixed to the corner of the viewport (not in the page flow, so a user
 * scrolled anywhere sees a ringing call and nothing is pushed down), non-modal, a labelled region
 * whose live text announces each new call. Answer and Decline are reachable by keyboard; an
 * answered call shows its audio state, a timer from the answer, mute and microphone (the same
 * parts as the Dialer), and Hang up. A ring tone plays after the page's first user gesture
 * (`ringSound={false}` turns it off). Missed, declined and answered-elsewhere calls leave a notice
 * with "Call back"; a declined call's leaves by itself after `noticeMs`. The history behind the notices is built from the call events this browser
 * receives (`useInboundCalls().history`). Built on {@link useInboundCallBanner}, which gives the
 * same behaviour to your own markup.
 *
 * Data attributes: root `data-count` (calls shown), `data-notices` (notices shown); each call
 * `data-state` (`ringing` | `answering` | `declining` | `joining` | `connected` | `device` |
 * `failed`); each notice `data-outcome` (`missed` | `declined` | `answered_elsewhere`) and
 * `data-notice` (its call's id).
 * Theme: `--lk-color-accent`, `--lk-color-success`, `--lk-color-danger`, `--lk-banner-shadow`,
 * `--lk-banner-inset` (distance from the viewport edges), `--lk-banner-width`, `--lk-banner-z`.
 *
 * @example
 * <LinekitProvider client={client} events={createSseEventSource({ url: '/api/linekit/events' })} audioEngine={agoraAudioEngine()}>
 *   <InboundCallBanner ringSound={false} />
 * </LinekitProvider>
 */
export function InboundCallBanner(props: InboundCallBannerProps) {
  const {
    audioEngine,
    strings,
    locale,
    now = Date.now,
    noticeMs,
    ringSound,
    maxVisible,
    placement = 'overlay',
    onCallBack,
    onAnswer,
    onDecline,
    className,
    ...rest
  } = props
  const id = useId()
  const banner = useInboundCallBanner({
    audioEngine,
    strings,
    now,
    noticeMs,
    ringSound,
    maxVisible,
    onCallBack,
    onAnswer,
    onDecline,
  })
  const texts = banner.strings
  return (
    <section
      {...banner.rootProps}
      aria-label={texts.region}
      data-count={banner.calls.length}
      data-notices={banner.notices.length}
      data-placement={placement}
      {...rest}
      className={cx('lk-InboundCallBanner', className)}
    >
      {/* Always mounted, so screen readers announce the change (a region inserted with its text is often missed). */}
      <p className="lk-visually-hidden" aria-live="assertive" aria-atomic="true">
        {banner.announcement}
      </p>
      <p className="lk-InboundCallBanner-status" role="status" aria-live="polite">
        {banner.status ?? ''}
      </p>
      {banner.ringingCount > 1 ? (
        <p className="lk-InboundCallBanner-count" id={`${id}-count`}>
          {texts.ringingCount(banner.ringingCount)}
        </p>
      ) : null}
      {banner.calls.length > 0 ? (
        <ul className="lk-InboundCallBanner-list" aria-label={texts.calls}>
          {banner.calls.map((view, index) => (
            <InboundCallItem
              key={view.call.callUuid}
              view={view}
              current={index === 0}
              titleId={`${id}-${index}`}
              label={banner.label}
              engine={banner.engine}
              t={texts}
              locale={locale}
              now={now}
            />
          ))}
        </ul>
      ) : null}
      {banner.waiting > 0 ? <p className="lk-InboundCallBanner-queue">{texts.waiting(banner.waiting)}</p> : null}
      {banner.notices.length > 0 ? <InboundCallNotices banner={banner} t={texts} locale={locale} /> : null}
    </section>
  )
}
