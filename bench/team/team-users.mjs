// The users of the team-load benchmark (bench/team/team-load.mjs), each doing what a support
// agent with the inbox open does through the app's routes: in Node (`nodeUser`), in Chromium on
// the inbox page (`browserUser`), or one buggy tab flooding the app (`floodUser`).
export const CUSTOMER = '+14155550124' // Ava (seeded; native chat)
export const MINUTE = 60_000
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

const TEXT = /\b(?:cust|send)-[\w-]+/g

/**
 * A user in Node doing what an open inbox does through the app's routes: the event stream
 * (reconnecting with Last-Event-ID after the stream's `retry:`, as EventSource does), the threads list every 15 s,
 * and — unless idle — a send a minute followed by the conversation's confirmation reads every 2 s.
 * With `checkEveryMs`, also a native-availability check of the customer that often (a read the
 * service answers, not the read model). Every answer is kept in `answers` (`{ t, ms, status }`,
 * status 0: no answer).
 */
export function nodeUser({
  id,
  base,
  offsetMs = 0,
  sending = true,
  seenAt = Date.now,
  sendEveryMs = MINUTE,
  checkEveryMs = 0,
}) {
  const cookie = `lkuser=${id}`
  const seen = {}
  const errors = []
  const sends = []
  const answers = []
  let lastEventId
  let retryMs = 3000
  let stopped = false
  let controller
  const timers = []
  const sendTimers = []
  const note = (text) => {
    for (const match of text.matchAll(TEXT)) seen[match[0]] ??= seenAt()
  }
  const api = async (path, init = {}) => {
    const t = Date.now()
    const answer = { t, ms: 0, status: 0, path: path.split('?')[0] }
    answers.push(answer)
    try {
      const response = await fetch(`${base()}/api/linekit${path}`, {
        ...init,
        headers: { cookie, 'x-linekit-csrf': '1', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      })
      const text = await response.text()
      answer.status = response.status
      if (!response.ok) errors.push(`${init.method ?? 'GET'} ${answer.path} → ${response.status}`)
      return { status: response.status, text }
    } finally {
      answer.ms = Date.now() - t
    }
  }
  const stream = async () => {
    while (!stopped) {
      controller = new AbortController()
      try {
        const response = await fetch(`${base()}/api/linekit/events`, {
          headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
          signal: controller.signal,
        })
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffer += value
          let end
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const id = /^id: (.*)$/m.exec(block)
            if (id) lastEventId = id[1]
            const retry = /^retry: (\d+)$/m.exec(block)
            if (retry) retryMs = Number(retry[1])
            note(block)
          }
        }
      } catch {
        /* the instance went away: reconnect */
      }
      if (!stopped) await sleep(retryMs)
    }
  }
  const poll = async () => {
    const { text } = await api('/get-messages-api?limit=100').catch(() => ({ text: '' }))
    note(text)
  }
  let n = 0
  const send = async () => {
    const text = `send-${id}-${++n}`
    const t = Date.now()
    const body = JSON.stringify({ phone: CUSTOMER, message: text, idempotencyKey: `${id}-${n}` })
    const answer = await api('/send-api-message', { method: 'POST', body }).catch((e) => ({
      status: 0,
      text: String(e),
    }))
    const record = { text, t, status: answer.status, confirmedMs: null }
    sends.push(record)
    if (answer.status !== 200) return
    // The conversation reads its thread until the send is listed (useThread while a send is pending).
    for (let i = 0; i < 30 && !stopped; i++) {
      await sleep(2000)
      const list = await api(
        `/get-messages-api?direction=outbound&to_number=${encodeURIComponent(CUSTOMER)}&limit=50`,
      ).catch(() => ({ text: '' }))
      if (list.text.includes(text)) {
        record.confirmedMs = Date.now() - t
        break
      }
    }
  }
  const check = () =>
    api('/api-check-native-availability', { method: 'POST', body: JSON.stringify({ phone: CUSTOMER }) }).catch(
      () => undefined,
    )
  return {
    id,
    seen,
    errors,
    sends,
    answers,
    async start() {
      void stream()
      await api('/get-lines')
      await poll()
      timers.push(setInterval(() => void poll(), 15_000))
      if (checkEveryMs > 0)
        sendTimers.push(
          setTimeout(
            () => {
              void check()
              sendTimers.push(setInterval(() => void check(), checkEveryMs))
            },
            offsetMs + checkEveryMs / 2,
          ),
        )
      if (sending) {
        sendTimers.push(
          setTimeout(() => {
            void send()
            sendTimers.push(setInterval(() => void send(), sendEveryMs))
          }, offsetMs),
        )
      }
    },
    /** The run is over: no new sends (their confirmation reads go on). */
    stopSending() {
      for (const timer of sendTimers) clearInterval(timer)
    },
    stop() {
      stopped = true
      for (const timer of [...timers, ...sendTimers]) clearInterval(timer)
      controller?.abort()
    },
  }
}

/** A user in Chromium: the inbox page; sends by typing into the conversation's composer. */
export async function browserUser({ browser, id, base, offsetMs = 0, sendEveryMs = MINUTE, burst = 1 }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const url = new URL(base())
  await context.addCookies([{ name: 'lkuser', value: id, domain: url.hostname, path: '/' }])
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(String(error)))
  await page.goto(`${base()}/?customer=${encodeURIComponent(CUSTOMER)}`)
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 60_000 })
  const sends = []
  const timers = []
  let n = 0
  let failedShown = 0
  // `burst` messages typed one after another, as an agent answering in several short lines: the
  // customer must read them in the order typed.
  let typing = Promise.resolve()
  let sending = true
  const send = () => (typing = typing.then(typeBurst))
  const typeBurst = async () => {
    for (let b = 0; b < burst && sending; b++) {
      const text = `send-${id}-${++n}`
      sends.push({ text, t: Date.now(), status: 'typed' })
      try {
        const box = page.getByRole('textbox', { name: 'Message' })
        await box.fill(text)
        await box.press('Enter')
      } catch (error) {
        errors.push(`send ${text}: ${error}`)
      }
    }
  }
  const watch = async () => {
    // Failed sends, error notices and "Threads could not be loaded" are what a user must not see.
    const count = await page
      .locator('[data-status="failed"], [role="alert"]')
      .count()
      .catch(() => 0)
    failedShown = Math.max(failedShown, count)
  }
  return {
    id,
    page,
    errors,
    sends,
    get failedShown() {
      return failedShown
    },
    start() {
      timers.push(
        setTimeout(() => {
          void send()
          timers.push(setInterval(() => void send(), sendEveryMs))
        }, offsetMs),
      )
      timers.push(setInterval(() => void watch(), 5000))
    },
    /** The run is over: no new lines; the burst being typed ends. */
    async stopSending() {
      sending = false
      await typing
    },
    async seen() {
      return page.evaluate(() => window.linekitTeam.seen).catch(() => ({}))
    },
    async stop() {
      for (const timer of timers) clearInterval(timer)
      await watch()
      await context.close()
    },
  }
}

/** The flooder's reads, each a different URL or body (none shares another's answer). */
const floodReads = [
  (k) => ['/api-check-native-availability', { phone: `+1415556${String(k % 10_000).padStart(4, '0')}` }],
  (k) => [`/get-external-contacts?limit=10&offset=${k}`],
  (k) => [`/get-message-api/pbm_flood${k}`],
]

/**
 * One user (or one buggy tab) flooding the app: `perSecond` requests a second for `seconds`,
 * typing indicators to 40 threads and sends, alternately, without waiting for answers; with
 * `reads`, every other request is a read instead (native availability, the contacts list, a
 * message by handle, each a different one). Its answers are counted by status: fairness refuses
 * it with its own 429s, never anyone else.
 */
export function floodUser({ id, base, seconds = 60, perSecond = 10, reads = false }) {
  const statuses = {}
  const count = (status) => (statuses[status] = (statuses[status] ?? 0) + 1)
  return {
    id,
    statuses,
    async run() {
      const end = Date.now() + seconds * 1000
      const inflight = []
      for (let k = 0; Date.now() < end; k++) {
        const write = reads ? k % 4 : k % 2
        const [path, body] =
          reads && k % 2 === 1
            ? floodReads[((k - 1) / 2) % floodReads.length](k)
            : write === 0
              ? [
                  '/send-typing-indicator',
                  { phoneNumber: `+1415555${String(200 + (Math.floor(k / 2) % 40)).padStart(4, '0')}` },
                ]
              : ['/send-api-message', { phone: '+14155550299', message: `flood-${k}`, idempotencyKey: `${id}-${k}` }]
        inflight.push(
          fetch(`${base()}/api/linekit${path}`, {
            method: body ? 'POST' : 'GET',
            headers: {
              cookie: `lkuser=${id}`,
              'x-linekit-csrf': '1',
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
          })
            .then(async (response) => (await response.text(), count(response.status)))
            .catch(() => count('network error')),
        )
        await sleep(1000 / perSecond)
      }
      await Promise.all(inflight)
    },
  }
}

/**
 * One user sending `count` messages of `bytes` characters each without an idempotencyKey,
 * `concurrency` at a time; resolves their answers by status.
 */
export async function keylessFlood({ id, base, count = 3000, bytes = 60_000, concurrency = 20 }) {
  const statuses = {}
  const text = 'x'.repeat(bytes - 12)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const k = next++
      const status = await fetch(`${base()}/api/linekit/send-api-message`, {
        method: 'POST',
        headers: { cookie: `lkuser=${id}`, 'x-linekit-csrf': '1', 'content-type': 'application/json' },
        // Each text different: none is a repeat of another (a repeat would share its key).
        body: JSON.stringify({ phone: '+14155550299', message: `${String(k).padStart(11, '0')} ${text}` }),
      })
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch(() => 'network error')
      statuses[status] = (statuses[status] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return statuses
}
