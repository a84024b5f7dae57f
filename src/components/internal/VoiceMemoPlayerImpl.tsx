'use client'
import { useId, useRef, useState } from 'react'
import type { VoiceMemoPlayerProps } from '../VoiceMemoPlayer'
import { voiceMemoPlayerStrings } from './strings'
import { cx } from './cx'
import { mediaTime } from './time'
import { safeHttpUrl } from './url'

/** Implementation of `<VoiceMemoPlayer>` (loaded on first use; see ../VoiceMemoPlayer.tsx). */
export default function VoiceMemoPlayerImpl(props: VoiceMemoPlayerProps) {
  // A new source starts from a fresh player state.
  return <Player key={props.src} {...props} />
}

function Player({ src, label, strings, className, ...props }: VoiceMemoPlayerProps) {
  const s = { ...voiceMemoPlayerStrings, ...strings }
  const url = safeHttpUrl(src)
  const audio = useRef<HTMLAudioElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'playing' | 'error'>('loading')
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const id = useId()

  if (!url) {
    return (
      <div {...props} className={cx('lk-VoiceMemoPlayer', className)} data-state="error">
        {s.unsafe}
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
  const position = s.position.replace('{t}', mediaTime(time)).replace('{d}', mediaTime(duration))
  const playing = state === 'playing'

  return (
    <div
      role="group"
      aria-label={label ?? s.label}
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
          {s.error}{' '}
          <a href={url} target="_blank" rel="noreferrer noopener">
            {s.open}
          </a>
        </span>
      ) : (
        <>
          <button
            type="button"
            className="lk-VoiceMemoPlayer-toggle"
            aria-label={playing ? s.pause : s.play}
            aria-describedby={id}
            data-playing={playing || undefined}
            onClick={toggle}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
          <input
            type="range"
            className="lk-VoiceMemoPlayer-seek"
            aria-label={s.seek}
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
            {state === 'loading' ? s.loading : position}
          </span>
        </>
      )}
    </div>
  )
}
