/**
 * How the control API names an account: by id or by API key, the seeded production account when
 * neither is given.
 */
import type { MockState } from './mockState'
import type { Account } from './stateRecords'
import { seedAccountIds } from './seed'
import { fail } from './serviceErrors'

/** Selects an account: by id or by API key; default the seeded production account. */
export interface AccountRef {
  accountId?: string | undefined
  apiKey?: string | undefined
}

/** The account `ref` names (404 when none). */
export function findAccount(state: MockState, ref: AccountRef = {}): Account {
  if (ref.apiKey !== undefined) {
    const key = state.apiKeys.get(ref.apiKey)
    const found = key && state.accounts.get(key.accountId)
    if (!found) throw fail(404, 'account_not_found', 'No account has this API key')
    return found
  }
  const found = state.accounts.get(ref.accountId ?? seedAccountIds.production)
  if (!found)
    throw fail(
      404,
      'account_not_found',
      `Account ${ref.accountId ?? seedAccountIds.production} not found`,
      'GET /__mock/accounts lists them.',
    )
  return found
}

/** The id of the account `ref` names, or undefined when it names none (every account). */
export function accountIdFilter(state: MockState, ref: AccountRef | undefined): string | undefined {
  return ref && (ref.accountId !== undefined || ref.apiKey !== undefined) ? findAccount(state, ref).id : undefined
}
