import { LinekitError, type LinekitErrorInit } from '../../api/errors'

/**
 * Any thrown value as a `LinekitError`, so hooks hand out one typed error: a `LinekitError` as is
 * (also one from another copy of the package), anything else wrapped as status 0 `unknown` with
 * the original as `cause`. `init` adds fields to the wrapper, e.g. the voice token's `sdkCode`.
 */
export function asLinekitError(error: unknown, init?: Partial<LinekitErrorInit>): LinekitError {
  if (LinekitError.is(error)) return error
  return new LinekitError({
    status: 0,
    code: 'unknown',
    message: error instanceof Error ? error.message : String(error),
    cause: error,
    ...init,
  })
}
