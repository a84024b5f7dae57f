'use client'
import { createContext } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { LinekitClient } from '../api'
import type { InboundCallStore } from '../events/inboundCallStore'
import type { LinekitEventSource } from '../events/LinekitEventSource'
import type { AudioEngine } from '../rtc'
import type { RateGate } from './rateGate'
import type { SendEngine } from './sendEngine'
import type { UploadSettings } from './uploads'

/** What the provider shares with linekit hooks. */
export interface LinekitContextValue {
  /** The client, wrapped with the shared rate gate (429 → every request waits `Retry-After`). */
  client: LinekitClient
  /** The live events source, when one was given. */
  events: LinekitEventSource | undefined
  /** The audio engine for calls, when one was given. */
  audioEngine: AudioEngine | undefined
  /** The inbound-call store, fed by events and by call-status polling. */
  inboundCalls: InboundCallStore
  /** Optimistic sends (shared by `useSendMessage` and `useThread`). */
  sendEngine: SendEngine
  queryClient: QueryClient
  /** The messaging gate: blocked while this page waits out a 429 (read it with `useRateLimit`). */
  rateLimit: RateGate
  /** Uploads through the app's storage, when the app gave `uploadAttachment`. */
  uploads: UploadSettings | undefined
}

/** @internal */
export const LinekitContext = createContext<LinekitContextValue | null>(null)
