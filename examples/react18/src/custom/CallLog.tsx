import { useCallLogTable } from 'linekit'

/** The call log in your own markup, with the one recording player. */
export function CustomCallLog() {
  const log = useCallLogTable({ pageSize: 10 })
  return (
    <section aria-label="Call log">
      {/* One player for every row's recording; the transcript is the text alternative. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- call recordings have no caption track */}
      <audio {...log.player.audioProps} />
      <button {...log.sortButtonProps}>Sort</button>
      <ul>
        {log.shownRows.map((row) => (
          <li key={row.id}>
            {row.to_number}
            {row.recording_url ? (
              <button type="button" onClick={() => log.player.toggle(row.id, row.recording_url!)}>
                {log.player.current?.id === row.id && log.player.current.state === 'playing' ? 'Pause' : 'Play'}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <button {...log.previousButtonProps}>Previous</button>
      <button {...log.nextButtonProps}>Next</button>
    </section>
  )
}
