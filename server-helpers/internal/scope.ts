/** Who is calling and which lines they may use: the checks every route shares. */
import type { LinekitContext } from '../routeContext'
import type { AccountLines, AccountLinesCache } from './accountLines'
import { LinekitHttpError, messagingError } from './http'

/** Who is calling, as decided by the application's `authorize`. */
export interface LinekitUser {
  userId: string
  /** The line ids (UUIDs from the lines listing) this user may use, list and hear about. */
  lineIds: string[]
}

/** The caller and their lines, lower-cased. */
export interface Scope {
  user: LinekitUser
  lines: Set<string>
}

export const lineNotAllowed = (): LinekitHttpError =>
  messagingError(403, 'line_not_allowed', 'This line is not one of yours', 'Use a lineId from GET /get-lines.')

export const lineRequired = (field: string): LinekitHttpError =>
  messagingError(
    400,
    'line_required',
    `${field} is required`,
    `You may use only some of the account's lines: pass ${field} (one of GET /get-lines).`,
  )

export const invalid = (error: string, hint: string): LinekitHttpError =>
  messagingError(400, 'invalid_request', error, hint)

/**
 * A message, call or run that is another user's gets exactly the answer (status, body, headers)
 * of one that does not exist, whoever said so (this server or the service): no existence oracle.
 */
export const recordNotFound = (): LinekitHttpError =>
  messagingError(
    404,
    'not_found',
    'Not found',
    'Use an id from your own lines: a message handle or call_uuid from a list, an event or your own request.',
  )

/** The service refused the lines lookup; each waiting request relays the same answer. */
export class LinesRefused extends Error {
  constructor(readonly response: () => Response) {
    super('get-lines was refused')
    this.name = 'LinesRefused'
  }
}

/** The scope checks over the app's `authorize` and the cached lines listing. */
export function createScopeChecks(
  ctx: LinekitContext,
  authorizeApp: (request: Request) => Promise<LinekitUser | null>,
  accountLines: AccountLinesCache,
) {
  /** Throws 401 when nobody is signed in; a `Response` the app throws is answered as it is. */
  const authorize = async (request: Request): Promise<Scope> => {
    let user: LinekitUser | null
    try {
      user = await authorizeApp(request)
    } catch (thrown) {
      if (thrown instanceof Response) throw new LinekitHttpError(thrown)
      throw thrown
    }
    if (!user) throw messagingError(401, 'unauthorized', 'Not signed in', 'Sign in to the application, then retry.')
    return { user, lines: new Set(user.lineIds.map((id) => id.toLowerCase())) }
  }

  /**
   * The account's lines (cached, one upstream read per TTL). The service's refusal of the lookup
   * (a 429 with Retry-After, a 401 …) is thrown as the answer the browser should see; each request
   * waiting on the same lookup gets its own copy.
   */
  const listing = async (): Promise<AccountLines> => {
    try {
      return await accountLines.get()
    } catch (error) {
      if (error instanceof LinesRefused) throw new LinekitHttpError(error.response())
      if (error instanceof LinekitHttpError) throw new LinekitHttpError(error.response.clone())
      throw error
    }
  }

  /**
   * True when the user may use every line of the account (then the service may choose the line).
   * On a trial account the service always uses the trial line and refuses an override
   * (spec: Trial accounts), so any user with a line counts as covering it.
   */
  const coversAccount = async (lines: Set<string>): Promise<boolean> => {
    let account: AccountLines
    try {
      account = await listing()
    } catch (error) {
      if (error instanceof LinekitHttpError) throw error
      ctx.logger.warn('could not list the account lines; treating the user as limited to their own lines', {
        error: String(error),
      })
      return false
    }
    if (account.trial && lines.size > 0) return true
    if (account.ids.size === 0) return false
    for (const id of account.ids) if (!lines.has(id)) return false
    return true
  }

  /**
   * The line for a request that omits it: a user who may use every line of the account keeps the
   * service's own choice (load balancing; trial accounts refuse an override); a user with exactly
   * one line gets it filled in; a user with several but not all lines must name one (400
   * line_required), because letting the service choose could pick a line that is not theirs.
   */
  const resolveOmittedLine = async (scope: Scope, field: string): Promise<string | undefined> => {
    if (await coversAccount(scope.lines)) return undefined
    const [only, ...others] = scope.user.lineIds
    if (only !== undefined && others.length === 0) return only
    if (only === undefined) throw lineNotAllowed()
    throw lineRequired(field)
  }

  return { authorize, listing, coversAccount, resolveOmittedLine }
}

export type ScopeChecks = ReturnType<typeof createScopeChecks>
