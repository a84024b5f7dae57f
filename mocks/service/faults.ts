/**
 * Fault injection: "a status code for the next N requests to a path". HTTP faults are applied
 * once, by the shared handler wrapper (handlers/route.ts); device faults are consumed by the
 * handlers whose spec has a device-level failure (typing and reactions: `ERROR` in a 200).
 */
import { endpointsById, type EndpointId } from '../../src/api'
import { checkedNumber, controlLimits } from './controlLimits'
import { fail } from './serviceErrors'
import type { Fault, MockState } from './mockState'

/**
 * What the control API accepts to arm a fault: on an `endpoint` of the registry (its method and
 * path, so a caller never writes the service's path again), or on a `path` (a pattern, a pathname's
 * end or `*`) and optional `method`.
 */
export type FaultInput = FaultTarget & {
  /** `device` makes typing/reactions answer ERROR in a 200, calls 502. @default 'http' */
  mode?: 'http' | 'device' | undefined
  /** @default 500 */
  status?: number | undefined
  /** How many requests it affects. @default 1 */
  count?: number | undefined
  /** JSON error body (default: the mock's body for `status`). */
  body?: unknown
  /** A non-JSON body (e.g. a proxy's HTML 502 page). */
  text?: string | undefined
}

/** Where a fault strikes: one endpoint, or any request to a path. */
type FaultTarget =
  | {
      /** The endpoint's id, e.g. `startCall`: its method and path. */
      endpoint: EndpointId
      path?: undefined
      method?: undefined
    }
  | {
      endpoint?: undefined
      /** Service path, e.g. `/send-api-message`, `/get-message-api/:message_handle`, or `*`. */
      path: string
      method?: string | undefined
    }

/** The method and path a fault matches. */
function targetOf(input: FaultTarget): { path: string; method: string | undefined } {
  if (input.endpoint === undefined) return { path: input.path, method: input.method?.toUpperCase() }
  const { method, path } = endpointsById[input.endpoint]
  return { path, method }
}

/** Arms a fault; returns it. */
export function addFault(state: MockState, input: FaultInput): Fault {
  const status = input.status ?? 500
  if (!Number.isInteger(status) || status < 100 || status > 599)
    throw fail(400, 'invalid_request', 'status must be a whole number from 100 to 599')
  const count = checkedNumber(input.count ?? 1, 'count', controlLimits.count, { integer: true })
  state.counters.fault += 1
  const fault: Fault = {
    id: state.counters.fault,
    ...targetOf(input),
    mode: input.mode ?? 'http',
    status,
    remaining: Math.max(1, count),
    body: input.body,
    text: input.text,
  }
  state.faults.push(fault)
  return fault
}

function take(
  state: MockState,
  mode: Fault['mode'],
  method: string,
  path: string,
  pathname?: string,
): Fault | undefined {
  if (state.faults.length === 0) return undefined
  const index = state.faults.findIndex(
    (f) =>
      f.mode === mode &&
      (f.path === path || f.path === '*' || (pathname !== undefined && pathname.endsWith(f.path))) &&
      (f.method === undefined || f.method === method),
  )
  if (index < 0) return undefined
  const fault = state.faults[index] as Fault
  fault.remaining -= 1
  if (fault.remaining <= 0) state.faults.splice(index, 1)
  return fault
}

/**
 * Consumes one HTTP fault matching the request, if any. `path` is the route pattern
 * (`/get-message-api/:message_handle`); a fault also matches the end of the concrete pathname.
 */
export function takeHttpFault(state: MockState, method: string, path: string, pathname?: string): Fault | undefined {
  return take(state, 'http', method, path, pathname)
}

/** Consumes one device fault armed on an endpoint (its method and path are the registry's), if any. */
export function takeDeviceFault(state: MockState, endpoint: EndpointId): Fault | undefined {
  const { method, path } = endpointsById[endpoint]
  return take(state, 'device', method, path)
}
