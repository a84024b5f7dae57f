/**
 * The control API for the two token issuers over HTTP: OAuth clients of the identity provider
 * (`/__mock/oauth/clients`) and faults of the voice-token mint (`/__mock/faults/mint`); the
 * in-process `control.oauth` and `control.mintFault`. Documented in mocks/README.md.
 */
import * as z from 'zod/mini'
import { oauthScopes } from '../service/identityProvider'
import type { MockCore } from '../service/index'
import { mintFaultKinds } from '../service/tokenControl'
import { accountRefFields, controlBody, controlRoutesOf, optionalControlBody } from './controlRoute'
import type { MockRoute } from './mockRouter'

const oauthClientSchema = z.strictObject({
  ...accountRefFields,
  scopes: z.optional(z.array(z.enum(oauthScopes)).check(z.minLength(1))),
})
const mintFaultSchema = z.strictObject({
  kind: z.enum(mintFaultKinds),
  count: z.optional(z.int().check(z.minimum(1), z.maximum(1_000_000))),
})

/** Routes of the OAuth-client and mint-fault control API. */
export function tokenControlRoutes(core: MockCore): MockRoute[] {
  const { control } = core
  const op = controlRoutesOf(core)
  return [
    op(
      'POST',
      '/oauth/clients',
      async (r) => ({ client: control.oauth.createClient(await optionalControlBody(r, oauthClientSchema)) }),
      201,
    ),
    op('GET', '/oauth/clients', () => ({ clients: control.oauth.clients() })),
    op('POST', '/faults/mint', async (r) => ({ fault: control.mintFault(await controlBody(r, mintFaultSchema)) }), 201),
  ]
}
