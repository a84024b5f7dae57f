import { defaultRetryPolicy, retryDelayMs, shouldRetry } from '../../provider/retryPolicy'

/**
 * Retry settings of linekit mutations: only when the client marked the failure `retrySafe`
 * (idempotent endpoints, or sends carrying their idempotency key), waiting `Retry-After` on 429.
 */
export const linekitMutationRetry = {
  retry: (failureCount: number, error: unknown) =>
    failureCount < defaultRetryPolicy.maxAttempts - 1 && shouldRetry(error),
  retryDelay: (failureCount: number, error: unknown) => retryDelayMs(failureCount + 1, error),
} as const
