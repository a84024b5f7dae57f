/**
 * Loads `@hono/node-server`, the bridge `linekit/server/node` serves through, and turns its
 * absence into one sentence naming linekit and the install command. It is a peer, not a
 * dependency: apps on Next.js, Hono, Bun or Deno never load it.
 */

/** The command that installs the bridge, as the README's Install section gives it. */
export const nodeBridgeInstall = 'npm install @hono/node-server'

/** Whether `error` is Node's "package not found" for `name` (not an error from inside it). */
function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : ''
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(`'${name}'`)
}

/** Imports the bridge with `load`; a missing package throws linekit's sentence, any other failure as it is. */
export async function loadNodeBridge<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (!isMissing(error, '@hono/node-server')) throw error
    throw new Error(
      `linekit/server/node needs the package @hono/node-server (its bridge to Node's http), which is not installed. ` +
        `Install it as a dependency of your server (not --save-dev, so a production install has it): ${nodeBridgeInstall}`,
      { cause: error },
    )
  }
}
