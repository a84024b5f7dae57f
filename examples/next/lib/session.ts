/**
 * Stand-in for your app's sign-in: this example has one user, allowed on every line of the
 * account. Replace it with your session lookup (cookies, your auth library, …).
 */
export interface User {
  id: string
  lineIds: string[]
}

let lines: Promise<string[]> | undefined

/** Your session lookup reads the request (a cookie, a token); this stand-in does not need it. */
export const currentUser: (request: Request) => Promise<User | null> = async () => {
  lines ??= fetch(`${process.env.LINEKIT_BASE_URL}/get-lines`, {
    headers: { authorization: `Bearer ${process.env.LINEKIT_API_KEY}` },
  })
    .then((response) => response.json())
    .then((body: unknown) => {
      // An array of lines, or a trial account's { lines } (spec: GET /get-lines).
      const list = Array.isArray(body) ? body : ((body as { lines?: unknown[] } | null)?.lines ?? [])
      return list.flatMap((line) => {
        const id = (line as { lineId?: unknown } | null)?.lineId
        return typeof id === 'string' ? [id] : []
      })
    })
    .catch((error: unknown) => {
      lines = undefined
      throw error
    })
  return { id: 'demo', lineIds: await lines }
}
