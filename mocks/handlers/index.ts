/**
 * Every route of one mock instance, composed per domain. Each service route matches its
 * endpoint's exact path on any host, so any base URL without a path works.
 */
import type { MockCore } from '../service/index'
import { callControlRoutes } from './callControlRoutes'
import { callLogControlRoutes } from './callLogControlRoutes'
import { callLogRoutes } from './callLogRoutes'
import { callRoutes } from './callRoutes'
import { contactRoutes } from './contactRoutes'
import { dialerControlRoutes } from './dialerControlRoutes'
import { groupRoutes } from './groupRoutes'
import { lineRoutes } from './lineRoutes'
import { mcpRoutes } from './mcpRoutes'
import { messageRoutes } from './messageRoutes'
import { mintRoutes } from './mintRoutes'
import { mockControlRoutes } from './mockControlRoutes'
import type { MockRoute } from './mockRouter'
import { oauthRoutes } from './oauthRoutes'
import { tokenControlRoutes } from './tokenControlRoutes'
import { uploadControlRoutes } from './uploadControlRoutes'
import { webhookControlRoutes } from './webhookControlRoutes'
import { workflowRoutes } from './workflowRoutes'

/** Every route: the control API, then the service domains. */
export function createRoutes(core: MockCore): MockRoute[] {
  return [
    ...mockControlRoutes(core),
    ...callControlRoutes(core),
    ...callLogControlRoutes(core),
    ...dialerControlRoutes(core),
    ...webhookControlRoutes(core),
    ...tokenControlRoutes(core),
    ...uploadControlRoutes(core),
    ...messageRoutes(core),
    ...groupRoutes(core),
    ...lineRoutes(core),
    ...contactRoutes(core),
    ...workflowRoutes(core),
    // Audio calls, call logs, the mint ({app_url}), MCP, OAuth ({auth_url}).
    ...callRoutes(core),
    ...callLogRoutes(core),
    ...mintRoutes(core),
    ...mcpRoutes(core),
    ...oauthRoutes(core),
  ]
}
