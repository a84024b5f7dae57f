/**
 * Calling-specific story setups (on top of stories/support): a dialer call history made
 * through the service API itself (start, wait for the answer on the mock clock, hang up), so
 * call logs, recordings, transcripts and dispositions are the mock's own.
 */
import { callingLine, storyHosts, type StoryBackend, type StorySetup } from '../support'

async function service(backend: StoryBackend, path: string, body: unknown): Promise<Response> {
  return backend.mock.fetch(
    new Request(`${storyHosts.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
}

/** Destinations of the history (not the seeded chat contacts, to keep stories apart). */
const people = ['+14155550181', '+14155550183', '+14155550185', '+14155550187', '+14155550189', '+14155550191']

/**
 * `count` outbound calls one mock-hour apart: most answered and talked for a while, some never
 * answered (canceled), so the log shows every status. The last `unclassified` stay without a
 * disposition ("classifying").
 */
export const callHistory =
  (count = 8, unclassified = 1): StorySetup =>
  async (backend) => {
    await backend.control.setSettings({ rateLimitPerMinute: 0 })
    const line = callingLine(backend)
    for (let i = 0; i < count; i += 1) {
      const to = people[i % people.length]!
      const started = await service(backend, '/start-audiocall-call-api', { pb_line_id: line.lineId, phone_number: to })
      if (!started.ok) throw new Error(`callHistory: start answered ${started.status}: ${await started.text()}`)
      const { call_uuid } = (await started.json()) as { call_uuid: string }
      const answered = i % 4 !== 3
      // The mock answers outbound calls after 3 s of mock time; talk 20 s to 4 min.
      if (answered) await backend.control.advanceClock(3_500 + 20_000 + i * 30_000)
      await service(backend, '/end-audiocall-call-api', { call_uuid })
      const last = i >= count - unclassified
      await backend.control.advanceClock(last ? 1_000 : 60 * 60_000)
    }
  }
