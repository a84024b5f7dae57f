import type { LinekitClient } from '../api'
import { LinekitError } from '../api/errors'
import { createRateGate } from './rateGate'
import type { RateGate } from './rateGate'

/** Rate gates of a client: the messaging API and the voice-token mint are limited separately. */
interface ClientGates {
  /** spec: Limits — the messaging API's budget (60 requests per minute for the key). */
  api: RateGate
  /** spec: Limits — the mint's own budget (30 mints per minute, separate from the 60). */
  mint: RateGate
}

const gatesByClient = new WeakMap<LinekitClient, ClientGates>()
const wrapped = new WeakMap<LinekitClient, LinekitClient>()
/**
 * Every client made by {@link gateClient}, with the messaging gate it waits on (what a send shows
 * while the gate is closed). Kept here, not on the client object: the wrapper is a plain client.
 */
const apiGateOf = new WeakMap<LinekitClient, RateGate>()

/** The shared gates of a client (one pair per client object, i.e. per host it talks to). */
export function gatesFor(client: LinekitClient): ClientGates {
  let gates = gatesByClient.get(client)
  if (!gates) {
    gates = { api: createRateGate(), mint: createRateGate() }
    gatesByClient.set(client, gates)
  }
  return gates
}

/**
 * Wraps a client so every call first waits for its rate gate, and a 429 answer closes the
 * gate for its `Retry-After` for all later calls through any wrapper of the same client.
 * Idempotent: wrapping a wrapped client returns it unchanged.
 */
export function gateClient(client: LinekitClient, gates: ClientGates = gatesFor(client)): LinekitClient {
  if (apiGateOf.has(client)) return client
  const cached = wrapped.get(client)
  if (cached && gates === gatesByClient.get(client)) return cached
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(client) as (keyof LinekitClient)[]) {
    const method = client[name] as unknown
    if (typeof method !== 'function') continue
    const gate = name === 'mintVoiceToken' ? gates.mint : gates.api
    out[name] = async (...args: unknown[]) => {
      await gate.wait()
      try {
        return await (method as (...a: unknown[]) => Promise<unknown>).apply(client, args)
      } catch (error) {
        if (LinekitError.is(error) && error.status === 429) gate.block(error.retryAfterSeconds ?? 1)
        throw error
      }
    }
  }
  const result = out as unknown as LinekitClient
  apiGateOf.set(result, gates.api)
  if (gates === gatesFor(client)) wrapped.set(client, result)
  return result
}

/** The messaging gate of a client made by {@link gateClient} (undefined for any other client). */
export function gateOf(client: LinekitClient): RateGate | undefined {
  return apiGateOf.get(client)
}
