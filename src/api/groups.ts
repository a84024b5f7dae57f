/**
 * `GET <prefix>/groups`: a linekit/server route, not an endpoint of the service. The contract
 * lists no group and no group's members: a message record names the group only by its chat
 * identifier (`to_number` of an outbound group message, begins `chat`) and an inbound reply only
 * by the participant who wrote it (spec: Message record). The members are shown in one place, the
 * group-send response's `recipients` (spec: Group-send response), so the server learns each
 * group from the group sends it forwards: the answer's `recipients` (its own request's numbers,
 * normalized) and, when the answer says `created`, the request's `groupName` (spec: groupName is
 * honored only when the group is created), tied to the chat identifier of the outbound record
 * the messages list shows for that send. A group no send of this server created or reused stays
 * unknown here: its page knows only who replied, and cannot reply to the whole group.
 */
import * as z from 'zod/mini'

/** Query of `GET <prefix>/groups`. */
export const groupsQuerySchema = z.object({
  /** One of the user's lines; omitted: every line of the user. */
  lineId: z.optional(z.uuid('must be a line id (UUID) from the lines listing')),
})
export type GroupsQuery = z.infer<typeof groupsQuerySchema>

/** One group as the server learned it from a group send it forwarded. */
const groupItemSchema = z.object({
  /** The group's chat identifier (`to_number` of its messages, begins `chat`). */
  chatId: z.string(),
  /** The line the group lives on. */
  lineId: z.string(),
  /** Every participant (E.164), as the group-send response listed them (`recipients`). */
  participants: z.array(z.string()),
  /** The name the group was created with; null when none (or it was created elsewhere). */
  name: z.nullable(z.string()),
})
export type GroupItem = z.infer<typeof groupItemSchema>

/** Answer of `GET <prefix>/groups`: the most recently used first. */
export const groupsResponseSchema = z.object({ data: z.array(groupItemSchema) })
export type GroupsResponse = z.infer<typeof groupsResponseSchema>
