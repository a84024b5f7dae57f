/**
 * `GET <prefix>/search`: a linekit/server route, not an endpoint of the service (the service has
 * no search). It finds the user's messages whose text contains a phrase, in the server's read
 * model, newest first, and says from when the model holds every message (its window), so a page
 * can tell the user that older messages were not searched.
 */
import * as z from 'zod/mini'
import { MAX_SEARCH_QUERY, MAX_SEARCH_RESULTS } from './limits'
import { messageRecordSchema } from './schemas'

export { MAX_SEARCH_QUERY, MAX_SEARCH_RESULTS }

/** Query of `GET <prefix>/search`. */
export const messageSearchQuerySchema = z.object({
  /** The phrase (case-insensitive; found anywhere in a message's text). 1 to 100 characters; spaces around it are ignored. */
  q: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(MAX_SEARCH_QUERY, 'is too long (100 at most)')),
  /** One of the user's lines; omitted: every line of the user. */
  lineId: z.optional(z.uuid('must be a line id (UUID) from the lines listing')),
  /** 1 to 50, default 20. */
  limit: z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(MAX_SEARCH_RESULTS)))),
})
export type MessageSearchQuery = z.infer<typeof messageSearchQuerySchema>

/** Answer of `GET <prefix>/search`. */
export const messageSearchResponseSchema = z.object({
  /** Matching messages (the service's message records), newest first. */
  data: z.array(messageRecordSchema),
  /** More messages match than `limit`: narrow the phrase. */
  more: z.boolean(),
  /**
   * Where the search's window starts: messages created before it were not searched (the read
   * model keeps a window of recent days). null: the lines' whole history was searched.
   */
  since: z.nullable(z.string()),
})
export type MessageSearchResponse = z.infer<typeof messageSearchResponseSchema>
