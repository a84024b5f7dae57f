/**
 * Values the components need from the contract, kept free of zod: importing `src/api/enums` or
 * `src/api/schemas` for a value would bring the schemas (and zod) into `<Conversation>`'s bundle.
 * The type checks below fail the build if these drift from `src/api`.
 */
import type { BubbleEffect, Reaction, ScreenEffect } from '../../api/enums'

/** spec: POST /send-reaction `reaction`. */
export const reactionList = ['love', 'like', 'dislike', 'laugh', 'emphasize', 'question'] as const satisfies readonly Reaction[]
/** spec: POST /send-api-message `effect` (bubble). */
export const bubbleEffectList = ['slam', 'loud', 'gentle', 'invisible-ink'] as const satisfies readonly BubbleEffect[]
/** spec: POST /send-api-message `effect` (screen). */
export const screenEffectList = [
  'confetti',
  'balloons',
  'hearts',
  'lasers',
  'fireworks',
  'echo',
  'spotlight',
  'shooting-star',
  'celebration',
] as const satisfies readonly ScreenEffect[]

/** spec: Limits — group recipients 2 to 32. */
export const MIN_RECIPIENTS = 2
export const MAX_RECIPIENTS = 32
/** spec: Limits — customFields at most 10,000 characters serialized. */
export const MAX_CUSTOM_FIELDS = 10_000

// Exhaustiveness: every value of the contract's unions is listed.
type Covers<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false
export const _covers: [
  Covers<Reaction, (typeof reactionList)[number]>,
  Covers<BubbleEffect, (typeof bubbleEffectList)[number]>,
  Covers<ScreenEffect, (typeof screenEffectList)[number]>,
] = [true, true, true]
