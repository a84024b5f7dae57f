'use client'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { ringMute } from './ringMute'

type AudioContextCtor = new () => AudioContext

function audioContextClass(): AudioContextCtor | undefined {
  if (typeof window === 'undefined') return undefined
  const w = window as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor }
  return w.AudioContext ?? w.webkitAudioContext
}

/** One ring: two short tones (a phone's double ring), made with WebAudio — no file to download. */
function ringOnce(ctx: AudioContext) {
  const start = ctx.currentTime
  for (const offset of [0, 0.5]) {
    const gain = ctx.createGain()
    gain.gain.setValueAtTime(0, start + offset)
    gain.gain.linearRampToValueAtTime(0.15, start + offset + 0.02)
    gain.gain.setValueAtTime(0.15, start + offset + 0.35)
    gain.gain.linearRampToValueAtTime(0, start + offset + 0.4)
    gain.connect(ctx.destination)
    for (const frequency of [440, 480]) {
      const osc = ctx.createOscillator()
      osc.frequency.value = frequency
      osc.connect(gain)
      osc.start(start + offset)
      osc.stop(start + offset + 0.42)
    }
  }
}

/**
 * Plays a ring while `ringing`, every `intervalMs`. Honours autoplay rules: the audio context is
 * created on the page's first user gesture (pointer or key), never before, so a page nobody has
 * touched stays silent (the banner still shows and announces the call). Off when `enabled` is false
 * or the agent muted the ring (`ringMute`, shared by every ring of the page); when the call stops
 * ringing or is muted, the tone already playing stops at once (the context is suspended).
 *
 * @example
 * useRingTone(calls.some((c) => c.state === 'ringing'), ringSound)
 */
export function useRingTone(ringing: boolean, enabled: boolean, intervalMs = 3000) {
  const ctxRef = useRef<AudioContext | null>(null)
  const muted = useSyncExternalStore(ringMute.subscribe, ringMute.get, () => false)
  const sounding = ringing && enabled && !muted
  useEffect(() => {
    const Ctor = audioContextClass()
    if (!enabled || !Ctor || ctxRef.current) return
    const unlock = () => {
      if (!ctxRef.current) ctxRef.current = new Ctor()
      else void ctxRef.current.resume()
      window.removeEventListener('pointerdown', unlock, true)
      window.removeEventListener('keydown', unlock, true)
    }
    window.addEventListener('pointerdown', unlock, true)
    window.addEventListener('keydown', unlock, true)
    return () => {
      window.removeEventListener('pointerdown', unlock, true)
      window.removeEventListener('keydown', unlock, true)
    }
  }, [enabled])
  useEffect(() => {
    if (!sounding) return
    const ring = () => {
      const ctx = ctxRef.current
      if (!ctx || ctx.state === 'closed') return
      if (ctx.state === 'suspended') void ctx.resume()
      ringOnce(ctx)
    }
    ring()
    const timer = setInterval(ring, intervalMs)
    return () => {
      clearInterval(timer)
      // Silence the tone under way (a ring lasts about a second): answered or muted means quiet now.
      const ctx = ctxRef.current
      if (ctx && ctx.state === 'running') void ctx.suspend()
    }
  }, [sounding, intervalMs])
  useEffect(
    () => () => {
      void ctxRef.current?.close().catch(() => undefined)
      ctxRef.current = null
    },
    [],
  )
}
