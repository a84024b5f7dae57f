/**
 * The group-send body with the full recipient rule (spec: POST /send-group-message —
 * `numbers` 2 to 32 entries after normalization to E.164 and de-duplication), for an app that
 * wants to apply the rule before sending (`linekit/phone`). The service applies it to every
 * group send (its 400 names the number it could not read), and so does the mock
 * (`mocks/service/groupThreads.ts`); the client sends the numbers as typed. Apart from `schemas.ts`
 * because phone parsing needs libphonenumber's metadata, which code that only shows numbers
 * does not load.
 */
import * as z from 'zod/mini'
import { groupSendRequestSchema } from './schemas'
import type { GroupSendRequest } from './schemas'
import { normalizeGroupNumbers } from './phone'
import type { CountryCode } from './phone'

/**
 * Build the normalizing group-send schema for a default region (numbers in national format).
 * The output's `numbers` are unique E.164 strings.
 */
export function createGroupSendRequestNormalizedSchema(defaultCountry: CountryCode = 'US') {
  return z.pipe(
    groupSendRequestSchema,
    z.transform((body: GroupSendRequest, ctx) => {
      const result = normalizeGroupNumbers(body.numbers, defaultCountry)
      if (!result.ok) {
        ctx.issues.push({
          code: 'custom',
          message: result.message,
          input: body.numbers,
          path: result.index === undefined ? ['numbers'] : ['numbers', result.index],
        })
        return z.NEVER
      }
      return { ...body, numbers: result.numbers }
    }),
  )
}

/** Group-send body with numbers normalized (default region `US`) and de-duplicated, 2–32 of them. */
export const groupSendRequestNormalizedSchema = createGroupSendRequestNormalizedSchema('US')
