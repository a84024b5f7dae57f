/**
 * What every control route under `/__mock/*` shares (no auth, no faults, no rate limit): due
 * timers run first, the result is answered as JSON (`{ ok: true }` when there is none) and a
 * thrown error as its error body; bodies are checked with a strict schema.
 */
import * as z from 'zod/mini'
import type { MockCore } from '../service/index'
import { errorResponse, json } from './jsonResponses'
import type { MockRoute, RouteMethod } from './mockRouter'
import { parseWith, readJsonObject } from './route'

/** The account reference fields a control body may carry (default: the seeded production account). */
export const accountRefFields = { accountId: z.optional(z.string()), apiKey: z.optional(z.string()) }

/** A duration or amount in a control body: finite and not negative. */
export const finiteNonNegative = z.number().check(z.minimum(0), z.refine(Number.isFinite, 'must be finite'))

/**
 * Makes the control routes of `core`: `op(method, path, run, status)` answers at `/__mock<path>`;
 * an item of a collection is named `:id` in the path (`/calls/:id/ring`) and reaches `run` as
 * `params.id`.
 */
export function controlRoutesOf(core: MockCore) {
  return (
    method: RouteMethod,
    path: string,
    run: (request: Request, params: Readonly<Record<string, string>>) => unknown,
    status = 200,
  ): MockRoute => ({
    method,
    path: `/__mock${path}`,
    run: async (request, params) => {
      try {
        core.state.clock.runDue()
        const body = await run(request, params)
        return json(body ?? { ok: true }, status)
      } catch (error) {
        return errorResponse(error)
      }
    },
  })
}

/** A JSON object body checked with `schema`. */
export async function controlBody<S extends z.ZodMiniType>(request: Request, schema: S): Promise<z.output<S>> {
  return parseWith(schema, await readJsonObject(request))
}

/** An optional JSON body: empty means `{}`. */
export async function optionalControlBody<S extends z.ZodMiniType>(request: Request, schema: S): Promise<z.output<S>> {
  const text = await request.clone().text()
  return text.trim() === '' ? parseWith(schema, {}) : controlBody(request, schema)
}

/** The account reference of a control query (`?accountId=` or `?apiKey=`). */
export function accountRefQuery(request: Request): { accountId: string | undefined; apiKey: string | undefined } {
  const url = new URL(request.url)
  return {
    accountId: url.searchParams.get('accountId') ?? undefined,
    apiKey: url.searchParams.get('apiKey') ?? undefined,
  }
}
