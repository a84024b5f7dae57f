import type { AudioEngineEvents } from '../AudioEngine'

type Listeners = { [E in keyof AudioEngineEvents]: Set<AudioEngineEvents[E]> }

/** A tiny typed emitter shared by the engines; a throwing listener never breaks the engine. */
export function createEmitter() {
  const listeners: Listeners = {
    state: new Set(),
    error: new Set(),
    'token-will-expire': new Set(),
    mute: new Set(),
    microphone: new Set(),
    remote: new Set(),
  }
  return {
    on<E extends keyof AudioEngineEvents>(event: E, listener: AudioEngineEvents[E]): () => void {
      const set = listeners[event] as Set<AudioEngineEvents[E]>
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
    emit<E extends keyof AudioEngineEvents>(event: E, ...args: Parameters<AudioEngineEvents[E]>): void {
      for (const listener of [...(listeners[event] as Set<(...a: Parameters<AudioEngineEvents[E]>) => void>)]) {
        try {
          listener(...args)
        } catch (error) {
          // A listener's bug must not leave the call half-joined; surface it for developers.
          console.error('[linekit] audio engine listener threw', error)
        }
      }
    },
    count(event: keyof AudioEngineEvents): number {
      return listeners[event].size
    },
  }
}
