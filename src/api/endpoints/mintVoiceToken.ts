/** The `mintVoiceToken` endpoint: its route (`./mintVoiceTokenRoute.ts`) with its schemas. */
import { defineEndpoint } from './define'
import { mintVoiceTokenRoute } from './mintVoiceTokenRoute'
import { voiceTokenRequestSchema, voiceTokenResponseSchema } from '../schemas'

export const mintVoiceToken = /* @__PURE__ */ defineEndpoint(mintVoiceTokenRoute, {
  summary: 'Mint a short-lived voice token for one line (server-to-server only).',
  request: voiceTokenRequestSchema,
  response: voiceTokenResponseSchema,
})
