/**
 * Stand-in for your app's sign-in: one user, allowed on every line of the account. Replace it with your session
 * lookup (cookies, your auth library, …).
 */
let lines: Promise<string[]> | undefined
/** The lines listing: an array of lines, or a trial account's `{ lines }` (spec: GET /get-lines). */
type Listing = { lineId: string }[] | { lines?: { lineId: string }[] }

/** Your session lookup reads the request (a cookie, a token); this stand-in does not need it. */
export async function currentUser(_request: Request): Promise<{ id: string; lineIds: string[] } | null> {
  lines ??= fetch(`${process.env.LINEKIT_BASE_URL}/get-lines`, {
    headers: { authorization: `Bearer ${process.env.LINEKIT_API_KEY}` },
  })
    .then((response) => response.json() as Promise<Listing>)
    .then((body) => (Array.isArray(body) ? body : (body.lines ?? [])).map((line) => line.lineId))
    .catch((error: unknown) => {
      lines = undefined
      throw error
    })
  return { id: 'demo', lineIds: await lines }
}
