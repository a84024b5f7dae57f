import { useInboundCallBanner } from 'linekit'

/** Incoming calls in your own markup: ringing, answered, missed. */
export function CustomCallBanner() {
  const b = useInboundCallBanner()
  return (
    <aside {...b.rootProps} aria-label="Calls">
      {b.calls.map((c) => (
        <div key={c.call.callUuid} {...c.itemProps}>
          {b.label(c.call.from)}
          {c.inCall ? (
            <button {...c.hangUpButtonProps}>Hang up</button>
          ) : (
            <>
              <button {...c.answerButtonProps}>Answer</button>
              <button {...c.declineButtonProps}>Decline</button>
            </>
          )}
        </div>
      ))}
      {b.notices.map((n) => (
        <p key={n.callUuid}>
          Missed {b.label(n.from)}
          {b.canCallBack ? (
            <button {...b.callBackButtonProps(n)}>Call back</button>
          ) : (
            <a {...b.callBackLinkProps(n)}>Call back</a>
          )}
          <button {...b.dismissButtonProps(n)}>Dismiss</button>
        </p>
      ))}
    </aside>
  )
}
