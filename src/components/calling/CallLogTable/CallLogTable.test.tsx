import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { CallLogTable } from './CallLogTable'
import { Dialer } from '../Dialer/Dialer'
import { createBackend, renderWithBackend, type Backend } from '../../../../test/support/renderWithBackend'
import { installMsw } from '../../../../test/support/msw'

const msw = installMsw()

/** Records `n` dialer attempts through the mock's control API, one mock-hour apart. */
function seedLogs(backend: Backend, n: number, options: { unclassifiedLast?: boolean } = {}) {
  const { control } = backend.mock
  const line = backend.lines.find((l) => l.audioCallEnabled && !l.inboundOnly && !l.shared)!
  const ids: string[] = []
  for (let i = 0; i < n; i += 1) {
    const log = control.callLogs.record({
      accountId: backend.account.accountId,
      lineId: line.lineId,
      to: `+1415555${String(200 + i).padStart(4, '0')}`,
    })
    control.advanceClock(5_000)
    if (i % 3 === 2) control.callLogs.complete(log.id, { outcome: 'no-answer' })
    else
      control.callLogs.complete(log.id, {
        outcome: 'answered',
        durationSeconds: 60 + i,
        transcript: `Agent: Hello ${i}\nCustomer: Hi there`,
        disposition: 'meeting_scheduled',
      })
    ids.push(log.id)
    const last = i === n - 1
    control.advanceClock(last && options.unclassifiedLast ? 1_000 : 60 * 60_000)
  }
  return ids
}

function requests() {
  const urls: URL[] = []
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    if (url.pathname.endsWith('/get-call-logs-api')) urls.push(url)
  }
  msw.events.on('request:start', listener)
  return { urls, stop: () => msw.events.removeListener('request:start', listener) }
}

const table = (container: HTMLElement) => container.querySelector<HTMLElement>('.lk-CallLogTable')!

describe('<CallLogTable> against the mock through the real server handler', () => {
  it('goes loading → ready, shows statuses, badges (null = classifying), durations and local times', async () => {
    const backend = createBackend()
    seedLogs(backend, 3, { unclassifiedLast: true })
    const { container } = renderWithBackend(backend, <CallLogTable locale="en-US" />)
    expect(table(container)).toHaveAttribute('data-state', 'loading')
    expect(screen.getByText('Loading calls…')).toHaveAttribute('role', 'status')
    await waitFor(() => expect(table(container)).toHaveAttribute('data-state', 'ready'))
    const rows = container.querySelectorAll('tbody tr[data-status]')
    expect(rows).toHaveLength(3)
    // Newest first: the last attempt (no-answer, not yet classified) leads.
    expect(rows[0]).toHaveAttribute('data-status', 'no-answer')
    // Statuses are the kit's translatable words, not the API's.
    expect(within(rows[0] as HTMLElement).getByText('No answer')).toBeInTheDocument()
    expect(within(rows[0] as HTMLElement).queryByText('no-answer')).toBeNull()
    expect(within(rows[1] as HTMLElement).getByText('Completed')).toBeInTheDocument()
    expect(rows[0]).toHaveAttribute('data-disposition', 'classifying')
    expect(within(rows[0] as HTMLElement).getByText('classifying')).toBeInTheDocument()
    expect(within(rows[1] as HTMLElement).getByText('Meeting scheduled')).toHaveAttribute(
      'data-disposition',
      'meeting_scheduled',
    )
    expect(within(rows[1] as HTMLElement).getByText('1:01')).toBeInTheDocument()
    const answered = within(rows[1] as HTMLElement).getAllByRole('time')[0]!
    expect(answered.textContent).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(answered.getAttribute('datetime')!),
      ),
    )
  })

  it('pages with offset + limit and sorts either way (the request says so)', async () => {
    const backend = createBackend()
    seedLogs(backend, 5)
    const seen = requests()
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <CallLogTable pageSize={2} />)
    await waitFor(() => expect(screen.getByText('Calls 1–2 of 5')).toBeInTheDocument())
    const firstPage = [...container.querySelectorAll('tbody th')].map((th) => th.textContent)
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(screen.getByText('Calls 3–4 of 5')).toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(screen.getByText('Calls 5–5 of 5')).toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()
    expect(
      seen.urls.map((u) => [
        u.searchParams.get('offset'),
        u.searchParams.get('limit'),
        u.searchParams.get('call_log_timestamp'),
      ]),
    ).toEqual([
      ['0', '2', 'desc'],
      ['2', '2', 'desc'],
      ['4', '2', 'desc'],
    ])
    await user.click(screen.getByRole('button', { name: /Sort by time/ }))
    await waitFor(() => expect(screen.getByText('Calls 1–2 of 5')).toBeInTheDocument())
    expect(seen.urls.at(-1)!.searchParams.get('call_log_timestamp')).toBe('asc')
    expect(table(container)).toHaveAttribute('data-sort', 'asc')
    await waitFor(() => {
      const asc = [...container.querySelectorAll('tbody th')].map((th) => th.textContent)
      expect(asc).not.toEqual(firstPage)
    })
    seen.stop()
  })

  it('never asks past offset + limit = 2000 and says why (spec: Limits)', async () => {
    const backend = createBackend()
    const seen = requests()
    // A service with 5,000 calls: answered by a handler that mirrors the query.
    const handlers = [
      http.get('*/api/linekit/get-call-logs-api', ({ request }) => {
        const q = new URL(request.url).searchParams
        const offset = Number(q.get('offset'))
        const limit = Number(q.get('limit'))
        if (offset + limit > 2000)
          return HttpResponse.json({ error: 'window', code: 'invalid_request' }, { status: 400 })
        const data = Array.from({ length: limit }, (_, i) => ({
          id: `log-${offset + i}`,
          line_id: null,
          from_number: '+14155550100',
          to_number: '+14155550199',
          status: 'completed',
          disposition: null,
          transcript: null,
          duration_seconds: null,
          answered_at: null,
          ended_at: null,
          recording_url: null,
        }))
        return HttpResponse.json({ status: 'OK', data, pagination: { limit, offset, total: 5000 } })
      }),
    ]
    const user = userEvent.setup()
    renderWithBackend(backend, <CallLogTable pageSize={70} />, { handlers })
    for (let page = 0; page < 28; page += 1) {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled())
      await user.click(screen.getByRole('button', { name: 'Next page' }))
    }
    await waitFor(() => expect(screen.getByText('Calls 1961–2000 of 5000')).toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()
    expect(screen.getByText(/Only the first 2,000 calls/)).toBeInTheDocument()
    const last = seen.urls.at(-1)!.searchParams
    expect([last.get('offset'), last.get('limit')]).toEqual(['1960', '40'])
    for (const u of seen.urls)
      expect(Number(u.searchParams.get('offset')) + Number(u.searchParams.get('limit'))).toBeLessThanOrEqual(2000)
    seen.stop()
    // 28 pages of 70 rows rendered in jsdom: slow on a shared 2-core machine, not a hang.
  }, 60_000)

  it('filters by line and answered-at range on the service', async () => {
    const backend = createBackend()
    seedLogs(backend, 2)
    const seen = requests()
    const user = userEvent.setup()
    renderWithBackend(backend, <CallLogTable />)
    await waitFor(() => expect(screen.getByText('Calls 1–2 of 2')).toBeInTheDocument())
    const line = backend.lines.find((l) => l.audioCallEnabled && !l.inboundOnly && !l.shared)!
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(2))
    await user.selectOptions(screen.getByLabelText('Line'), line.lineId)
    await user.type(screen.getByLabelText('Answered from'), '2026-03-01')
    await waitFor(() => {
      const q = seen.urls.at(-1)!.searchParams
      expect(q.get('pb_line_id')).toBe(line.lineId)
      expect(q.get('answered_at_gte')).toBe(new Date('2026-03-01T00:00:00').toISOString())
    })
    expect(screen.getByText('Answered-at filters show answered calls only.')).toBeVisible()
    seen.stop()
  })

  it('filters dispositions on the loaded page only and says so', async () => {
    const backend = createBackend()
    seedLogs(backend, 3, { unclassifiedLast: true })
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <CallLogTable />)
    await waitFor(() => expect(table(container)).toHaveAttribute('data-state', 'ready'))
    await user.selectOptions(screen.getByLabelText('Disposition (this page)'), 'classifying')
    expect(container.querySelectorAll('tbody tr[data-status]')).toHaveLength(1)
    expect(
      screen.getByText(
        /applies to the calls loaded on this page only \(the service has no disposition filter\): 1 of 3 shown/,
      ),
    ).toBeInTheDocument()
  })

  it('expands a speaker-labelled transcript and plays only http(s) recordings', async () => {
    const backend = createBackend()
    seedLogs(backend, 1)
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <CallLogTable />)
    const toggle = await screen.findByRole('button', { name: 'Show transcript' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const transcript = screen.getByRole('list', { name: /Transcript of the call/ })
    expect(
      within(transcript)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-speaker')),
    ).toEqual(['Agent', 'Customer'])
    // One button per recording, not a full audio element with its own tab stops per row.
    const row = container.querySelector<HTMLElement>('tbody tr[data-status]')!
    const play = within(row).getByRole('button', { name: /^Play the recording of the call to/ })
    expect(row.querySelectorAll('audio')).toHaveLength(0)
    expect(container.querySelectorAll('audio')).toHaveLength(1)
    await user.click(play)
    const audio = container.querySelector('audio')!
    expect(audio.getAttribute('src')).toMatch(/^https?:\/\//)
    expect(within(row).getByRole('button', { name: /^Pause the recording/ })).toBeInTheDocument()
    // The recording cannot be fetched (expired link): said in a sentence, in its row.
    audio.dispatchEvent(new Event('error'))
    await waitFor(() => expect(within(row).getByRole('alert')).toHaveTextContent('The recording couldn’t be loaded.'))
    expect(within(row).getByRole('button', { name: /^Play the recording/ })).toBeInTheDocument()
  })

  it('sorts the loaded page by a column header, with aria-sort', async () => {
    const backend = createBackend()
    seedLogs(backend, 5)
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <CallLogTable />)
    await waitFor(() => expect(table(container)).toHaveAttribute('data-state', 'ready'))
    const header = screen.getByRole('columnheader', { name: /Duration/ })
    expect(header).not.toHaveAttribute('aria-sort')
    const durations = () =>
      [...container.querySelectorAll('tbody tr[data-status]')].map((r) => r.children[4]!.textContent)
    await user.click(within(header).getByRole('button', { name: 'Sort by Duration' }))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    expect(durations()).toEqual(['—', '1:00', '1:01', '1:03', '1:04'])
    await user.click(within(header).getByRole('button', { name: 'Sort by Duration' }))
    expect(header).toHaveAttribute('aria-sort', 'descending')
    expect(durations()).toEqual(['1:04', '1:03', '1:01', '1:00', '—'])
    expect(screen.getByText(/Sorted within the loaded page/)).toBeInTheDocument()
  })

  it('refreshes when a call from the Dialer on the same page ends', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const { container } = renderWithBackend(
      backend,
      <>
        <Dialer defaultNumber="+14155550181" pollIntervalMs={100_000} />
        <CallLogTable />
      </>,
    )
    await waitFor(() => expect(table(container)).toHaveAttribute('data-state', 'empty'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Call' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Call' }))
    await user.click(await screen.findByRole('button', { name: 'Hang up' }))
    await waitFor(() => expect(table(container)).toHaveAttribute('data-state', 'ready'))
    const row = container.querySelector<HTMLElement>('tbody tr[data-status]')!
    expect(within(row).getByRole('rowheader')).toHaveTextContent('(415) 555-0181')
    expect(row).toHaveAttribute('data-status', 'canceled')
  })

  it('refuses to play a non-http recording URL', async () => {
    const backend = createBackend()
    const handlers = [
      http.get('*/api/linekit/get-call-logs-api', () =>
        HttpResponse.json({
          status: 'OK',
          pagination: { limit: 25, offset: 0, total: 1 },
          data: [
            {
              id: 'x',
              line_id: null,
              from_number: '+14155550100',
              to_number: '+14155550199',
              status: 'completed',
              disposition: 'answered',
              transcript: null,
              duration_seconds: 9,
              answered_at: null,
              ended_at: null,
              recording_url: 'javascript:alert(1)',
            },
          ],
        }),
      ),
    ]
    const { container } = renderWithBackend(backend, <CallLogTable />, { handlers })
    await screen.findByText('Recording link not playable')
    expect(screen.queryByRole('button', { name: /Play the recording/ })).toBeNull()
    expect(container.querySelector('audio')?.getAttribute('src') ?? null).toBeNull()
  })

  it('exports the loaded rows as CSV', async () => {
    const backend = createBackend()
    const ids = seedLogs(backend, 3)
    const onExport = vi.fn()
    const user = userEvent.setup()
    renderWithBackend(backend, <CallLogTable pageSize={2} onExport={onExport} />)
    await waitFor(() => expect(screen.getByText('Calls 1–2 of 3')).toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Export loaded rows (CSV)' }))
    const [csv, rows] = onExport.mock.calls[0]! as [string, Array<{ id: string }>]
    expect(rows.map((r) => r.id)).toEqual([ids[2], ids[1]])
    expect(csv.trim().split('\r\n')).toHaveLength(3)
    expect(csv).toContain(ids[2])
    expect(csv).not.toContain(ids[0])
  })

  it('shows empty and error states; the error offers a retry', async () => {
    const backend = createBackend()
    const user = userEvent.setup()
    const { container, unmount } = renderWithBackend(backend, <CallLogTable />)
    await waitFor(() => expect(table(container)).toHaveAttribute('data-state', 'empty'))
    expect(screen.getByText('No calls yet.')).toBeInTheDocument()
    unmount()
    // 400 is not retried (a 5xx would be, with back-off): the error state shows at once.
    backend.mock.control.addFault({ path: '/get-call-logs-api', status: 400, count: 1 })
    const second = renderWithBackend(backend, <CallLogTable />)
    await waitFor(() => expect(table(second.container)).toHaveAttribute('data-state', 'error'))
    expect(screen.getByRole('alert')).toHaveTextContent('Calls could not be loaded.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(table(second.container)).toHaveAttribute('data-state', 'empty'))
  })

  it('has no axe violations when loaded with an open transcript', async () => {
    const backend = createBackend()
    seedLogs(backend, 2, { unclassifiedLast: true })
    const user = userEvent.setup()
    const { container } = renderWithBackend(backend, <CallLogTable />)
    await user.click((await screen.findAllByRole('button', { name: 'Show transcript' }))[0]!)
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
  })
})
