'use client'
import {
  describeLinekitError,
  groupErrorRule,
  type GroupErrorStrings,
  type LinekitErrorStrings,
} from '../../shared/errorMessages'
import type { UseGroupComposerResult } from './useGroupComposer'

/** Before sending: whether the thread will be native chat or SMS. */
export function GroupComposerChannel({ g }: { g: UseGroupComposerResult }) {
  const { channel, strings: texts } = g
  if (!channel) return null
  return (
    <p
      className="lk-GroupComposer-channel lk-Notice"
      data-channel={channel}
      data-tone={channel === 'SMS' ? 'warning' : undefined}
    >
      {channel === 'nativechat'
        ? texts.channelNative
        : channel === 'SMS'
          ? texts.channelSms(g.smsCount, g.numbers.length)
          : channel === 'checking'
            ? texts.channelChecking
            : texts.channelUnknown}
    </p>
  )
}

/**
 * A send waiting for the connection, with its Cancel. The status line stays in the form (empty,
 * it takes no room), so that the wait is announced politely when it begins; Cancel sits beside it.
 */
export function GroupComposerWait({ g }: { g: UseGroupComposerResult }) {
  const { waitingForConnection: waiting, strings: texts } = g
  return (
    <div
      className={waiting ? 'lk-Notice lk-GroupComposer-wait' : 'lk-GroupComposer-wait'}
      data-wait={waiting ? 'offline' : undefined}
    >
      <span role="status">{waiting ? texts.offline : null}</span>
      {waiting ? (
        <>
          {' '}
          <button className="lk-Button" data-variant="small ghost" {...g.cancelSendButtonProps}>
            {texts.cancel}
          </button>
        </>
      ) : null}
    </div>
  )
}

/** A failed send in a sentence; on a 409, the line the group lives on and a resend there. */
export function GroupComposerError({
  g,
  errorStrings,
}: {
  g: UseGroupComposerResult
  errorStrings: Partial<LinekitErrorStrings & GroupErrorStrings> | undefined
}) {
  const { error, conflictLine, conflictLineName, strings: texts } = g
  if (!error || g.isPending || g.result) return null
  return (
    <div className="lk-Notice" data-tone="danger" role="alert">
      <p>
        {conflictLine
          ? texts.conflict(conflictLineName)
          : describeLinekitError(error, groupErrorRule(errorStrings), errorStrings)}
      </p>
      {conflictLine ? (
        <button className="lk-Button" {...g.resendButtonProps}>
          {texts.resendOn(conflictLineName)}
        </button>
      ) : null}
    </div>
  )
}

/** After sending: who, which group (created or reused), its status, the line, and "Open the group thread". */
export function GroupComposerResult({ g, canOpenThread }: { g: UseGroupComposerResult; canOpenThread: boolean }) {
  const { result, thread, sentFrom, nameOf, strings: texts } = g
  if (!result) return null
  return (
    <div className="lk-Notice lk-GroupComposer-result" data-tone="success" role="status">
      <p>{texts.sent}</p>
      <dl>
        <dt>{texts.recipientsLabel}</dt>
        <dd>{result.response.recipients.map((p) => nameOf(p) ?? p).join(', ')}</dd>
        <dt>{texts.group}</dt>
        <dd data-group-id={result.response.groupId ?? undefined}>
          {result.response.created ? texts.created : texts.reused}
        </dd>
        <dt>{texts.groupStatus}</dt>
        <dd data-group-status={thread?.status}>
          {thread?.status === 'active' ? texts.statusActive : texts.statusCreating}
        </dd>
        {sentFrom ? (
          <>
            <dt>{texts.fromLine}</dt>
            <dd>{sentFrom}</dd>
          </>
        ) : null}
      </dl>
      {thread?.chatId && canOpenThread ? (
        <button className="lk-Button" data-variant="small" {...g.openThreadButtonProps}>
          {texts.openThread}
        </button>
      ) : null}
    </div>
  )
}
