/**
 * Stand-in for your app's sign-in: one user, allowed on every line of the account. Replace it with your session
 * lookup (cookies, your auth library, …).
 */
let lines

/** Your session lookup reads the request (a cookie, a token); this stand-in does not need it. */
export async function currentUser(_request, env = process.env) {
  lines ??= fetch(`${env.LINEKIT_BASE_URL}/get-lines`, { headers: { authorization: `Bearer ${env.LINEKIT_API_KEY}` } })
    .then((response) => response.json())
    // An array of lines, or a trial account's { lines } (spec: GET /get-lines).
    .then((body) => (Array.isArray(body) ? body : (body?.lines ?? [])).map((line) => line.lineId))
    .catch((error) => {
      lines = undefined
      throw error
    })
  return { id: 'demo', lineIds: await lines }
}
