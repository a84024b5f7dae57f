'use client'
import { useId, useRef, useState, type HTMLAttributes } from 'react'
import { cx } from '../../shared/cx'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'
import { formatDuration } from '../../shared/format'
import { safeHttpUrl } from '../../shared/url'

/** Default, overridable strings (i18n). */
export const voiceMemoPlayerStrings = {
  label: 'Voice memo',
  play: 'Play',
  pause: 'Pause',
  seek: 'Position',
  /** The slider's spoken value: the current time and the duration, both formatted (`0:12`). */
  position: (time: string, duration: string) => `${time} of ${duration}`,
  loading: 'Loading…',
  error: 'This voice memo cannot be played.',
  open: 'Open the file',
  unsafe: 'Voice memo not shown: its link is not a web address.',
}
export type VoiceMemoPlayerStrings = typeof voiceMemoPlayerStrings

/**
 * Props of {@link VoiceMemoPlayer}.
 *
 * State attributes on the root: `data-state="loading" | "ready" | "playing" | "error"`.
 */
export interface VoiceMemoPlayerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Audio URL; only http(s) URLs are played. */
  src: string
  /** Accessible name of the player group, e.g. "AI voice memo". @default strings.label */
  label?: string
  /** String overrides. @default voiceMemoPlayerStrings */
  strings?: StringOverrides<VoiceMemoPlayerStrings>
}

/**
 * An accessible audio player for voice memos: a labelled play/pause button, a seek slider whose
 * value is read as "0:12 of 0:45", and the elapsed/total time. Space/Enter toggles play,
 * arrow keys seek (native range input). Only http(s) sources are played. Themed by
 * `--lk-color-accent` and `--lk-radius-small`.
 *
 * @example
 * <VoiceMemoPlayer src="https://cdn.example.com/memo.m4a" label="AI voice memo" />
 */
export function VoiceMemoPlayer(props: VoiceMemoPlayerProps) {
  // A new source starts from a fresh player state.
  return <Player key={props.src} {...props} />
}

function Player({ src, label, strings, className, ...props }: VoiceMemoPlayerProps) {
  const texts = mergeStrings(voiceMemoPlayerStrings, strings)
  const url = safeHttpUrl(src)
  const audio = useRef<HTMLAudioElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'playing' | 'error'>('loading')
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const id = useId()

  if (!url) {
    return (
      <div {...props} className={cx('lk-VoiceMemoPlayer', className)} data-state="error">
        {texts.unsafe}
      </div>
    )
  }

  const toggle = () => {
    const el = audio.current
    if (!el) return
    if (el.paused) {
      const p = el.play()
      if (p && typeof p.catch === 'function') p.catch(() => setState('error'))
    } else el.pause()
  }
  const position = texts.position(formatDuration(time), formatDuration(duration))
  const playing = state === 'playing'

  return (
    <div
      role="group"
      aria-label={label ?? texts.label}
      {...props}
      className={cx('lk-VoiceMemoPlayer', className)}
      data-state={state}
    >
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- voice memos sent by people have no caption track */}
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        onLoadedMetadata={(e) => {
          setDuration(e.currentTarget.duration)
          setState((st) => (st === 'loading' ? 'ready' : st))
        }}
        onCanPlay={() => setState((st) => (st === 'loading' ? 'ready' : st))}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onPlay={() => setState('playing')}
        onPause={() => setState('ready')}
        onEnded={() => setState('ready')}
        onError={() => setState('error')}
      />
      {state === 'error' ? (
        <span className="lk-VoiceMemoPlayer-error" role="status">
          {texts.error}{' '}
          <a href={url} target="_blank" rel="noreferrer noopener">
            {texts.open}
          </a>
        </span>
      ) : (
        <>
          <button
            type="button"
            className="lk-VoiceMemoPlayer-toggle"
            aria-label={playing ? texts.pause : texts.play}
            aria-describedby={id}
            data-playing={playing || undefined}
            onClick={toggle}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
          <input
            type="range"
            className="lk-VoiceMemoPlayer-seek"
            aria-label={texts.seek}
            aria-valuetext={position}
            min={0}
            max={duration > 0 && Number.isFinite(duration) ? duration : 0}
            step={1}
            value={Math.min(time, duration || 0)}
            disabled={!(duration > 0 && Number.isFinite(duration))}
            onChange={(e) => {
              const el = audio.current
              const next = Number(e.currentTarget.value)
              if (el) el.currentTime = next
              setTime(next)
            }}
          />
          <span className="lk-VoiceMemoPlayer-time" id={id}>
            {state === 'loading' ? texts.loading : position}
          </span>
        </>
      )}
    </div>
  )
}
