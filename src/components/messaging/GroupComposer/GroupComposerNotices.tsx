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
  const { channel, strings: s } = g
  if (!channel) return null
  return (
    <p
      className="lk-GroupComposer-channel lk-Notice"
      data-channel={channel}
      data-tone={channel === 'SMS' ? 'warning' : undefined}
    >
      {channel === 'nativechat'
        ? s.channelNative
        : channel === 'SMS'
          ? s.channelSms(g.smsCount, g.numbers.length)
          : channel === 'checking'
            ? s.channelChecking
            : s.channelUnknown}
    </p>
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
  const { error, conflictLine, conflictLineName, strings: s } = g
  if (!error || g.isPending || g.result) return null
  return (
    <div className="lk-Notice" data-tone="danger" role="alert">
      <p>
        {conflictLine
          ? s.conflict(conflictLineName)
          : describeLinekitError(error, groupErrorRule(errorStrings), errorStrings)}
      </p>
      {conflictLine ? (
        <button className="lk-Button" {...g.resendButtonProps}>
          {s.resendOn(conflictLineName)}
        </button>
      ) : null}
    </div>
  )
}

/** After sending: who, which group (created or reused), its status, the line, and "Open the group thread". */
export function GroupComposerResult({ g, canOpenThread }: { g: UseGroupComposerResult; canOpenThread: boolean }) {
  const { result, thread, sentFrom, nameOf, strings: s } = g
  if (!result) return null
  return (
    <div className="lk-Notice lk-GroupComposer-result" data-tone="success" role="status">
      <p>{s.sent}</p>
      <dl>
        <dt>{s.recipientsLabel}</dt>
        <dd>{result.response.recipients.map((p) => nameOf(p) ?? p).join(', ')}</dd>
        <dt>{s.group}</dt>
        <dd data-group-id={result.response.groupId ?? undefined}>{result.response.created ? s.created : s.reused}</dd>
        <dt>{s.groupStatus}</dt>
        <dd data-group-status={thread?.status}>{thread?.status === 'active' ? s.statusActive : s.statusCreating}</dd>
        {sentFrom ? (
          <>
            <dt>{s.fromLine}</dt>
            <dd>{sentFrom}</dd>
          </>
        ) : null}
      </dl>
      {thread?.chatId && canOpenThread ? (
        <button className="lk-Button" data-variant="small" {...g.openThreadButtonProps}>
          {s.openThread}
        </button>
      ) : null}
    </div>
  )
}
