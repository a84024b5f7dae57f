import { lineLabel, useDialer } from 'linekit'

/** A dialer of your own: the hook keeps the number, the line, the call and the audio. */
export function CustomDialer() {
  const d = useDialer({ defaultCountry: 'US' })
  return (
    <form {...d.formProps} aria-label="Call a number">
      <input {...d.numberInputProps} aria-label="Number" />
      {d.lines.length > 1 ? (
        <select {...d.lineSelectProps} aria-label="Line">
          {d.lines.map((line) => (
            <option key={line.lineId} value={line.lineId}>
              {lineLabel(line)}
            </option>
          ))}
        </select>
      ) : null}
      {d.live ? <button {...d.hangUpButtonProps}>Hang up</button> : <button {...d.callButtonProps}>Call</button>}
    </form>
  )
}
