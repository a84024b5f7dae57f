'use client'
import { useRef, useState, type AudioHTMLAttributes, type Ref } from 'react'

/** What the one player is doing, and for which row. */
export interface RecordingPlayback {
  id: string
  state: 'loading' | 'playing' | 'paused' | 'error'
}

/**
 * One audio element for a whole list of recordings: each row gets a single Play/Pause button
 * (one tab stop) instead of a full `<audio controls>`, and a recording that cannot load is
 * reported for its row. Spread `audioProps` on one hidden `<audio>`.
 *
 * @example
 * const player = useRecordingPlayer()
 * <audio {...player.audioProps} />
 * <button onClick={() => player.toggle(row.id, row.recording_url)}>Play</button>
 */
export function useRecordingPlayer() {
  const audioRef = useRef<HTMLAudioElement>(null)
  const [current, setCurrent] = useState<RecordingPlayback | undefined>(undefined)
  const mark = (id: string, state: RecordingPlayback['state']) =>
    setCurrent((c) => (c === undefined || c.id === id ? { id, state } : c))

  const toggle = (id: string, url: string) => {
    const audio = audioRef.current
    if (!audio) return
    if (current?.id === id && (current.state === 'playing' || current.state === 'loading')) {
      audio.pause()
      setCurrent({ id, state: 'paused' })
      return
    }
    if (current?.id !== id || current.state === 'error') audio.src = url
    setCurrent({ id, state: 'loading' })
    const playing = audio.play() as Promise<void> | undefined
    playing?.then(
      () => mark(id, 'playing'),
      (error: unknown) => {
        // A pause while loading aborts the play() promise: not a failure.
        if ((error as { name?: string } | undefined)?.name !== 'AbortError') mark(id, 'error')
      },
    )
  }

  // `Ref`, not the `RefObject` it is: `RefObject<T | null>` does not spread onto an element under React 18's types.
  const audioProps: AudioHTMLAttributes<HTMLAudioElement> & { ref: Ref<HTMLAudioElement> } = {
    ref: audioRef,
    preload: 'none',
    hidden: true,
    onPlaying: () => current && mark(current.id, 'playing'),
    onEnded: () => current && mark(current.id, 'paused'),
    onError: () => current && mark(current.id, 'error'),
  }
  return { current, toggle, audioProps }
}
