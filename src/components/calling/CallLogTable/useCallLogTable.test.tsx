import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { CallLogTable } from './CallLogTable'
import { useCallLogTable } from './useCallLogTable'
import type { CallLogTableFilters } from './callLogView'
import { createStoryBackend, renderWithBackend } from '../../../../test/support/renderWithBackend'
import { installMsw, recordRequests } from '../../../../test/support/msw'
import { callingLine } from '../../../../stories/support'
import { callHistory } from '../../../../stories/calling/callingSetups'

installMsw()

const noFilters: CallLogTableFilters = { lineId: null, answeredFrom: null, answeredTo: null, disposition: 'all' }
/** Five calls, the newest not classified yet. */
const fiveCalls = () => createStoryBackend({ setup: callHistory(5, 1) })
const table = () => document.querySelector<HTMLElement>('.lk-CallLogTable')!
const callLogQueries = (requests: ReturnType<typeof recordRequests>) =>
  requests.to('/get-call-logs-api').map((r) => r.url.searchParams)

/** Custom markup over the hook: a plain list with its own words, paged and filtered by the prop bags. */
function CallList() {
  const log = useCallLogTable({ pageSize: 2 })
  return (
    <div data-state={log.status}>
      <select aria-label="Show" {...log.dispositionSelectProps}>
        <option value="all">everything</option>
        <option value="classifying">not classified yet</option>
      </select>
      <ul aria-label="Calls">
        {log.shownRows.map((row) => (
          <li key={row.id}>{row.status}</li>
        ))}
      </ul>
      <p>{log.rows.length > 0 ? `${log.offset + 1} to ${log.offset + log.rows.length} of ${log.total}` : ''}</p>
      <button {...log.previousButtonProps}>Back</button>
      <button {...log.nextButtonProps}>More</button>
    </div>
  )
}

describe('useCallLogTable', () => {
  it('drives custom markup: pages with offset + limit and filters the loaded page by disposition', async () => {
    const requests = recordRequests()
    renderWithBackend(await fiveCalls(), <CallList />, { events: 'bus' })
    const user = userEvent.setup()
    await screen.findByText('1 to 2 of 5')
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled()
    expect(within(screen.getByRole('list', { name: 'Calls' })).getAllByRole('listitem')).toHaveLength(2)
    // The newest call is not classified yet: the page's filter keeps it alone, without a request.
    const asked = callLogQueries(requests).length
    await user.selectOptions(screen.getByLabelText('Show'), 'classifying')
    expect(within(screen.getByRole('list', { name: 'Calls' })).getAllByRole('listitem')).toHaveLength(1)
    expect(callLogQueries(requests)).toHaveLength(asked)
    await user.click(screen.getByRole('button', { name: 'More' }))
    await screen.findByText('3 to 4 of 5')
    await user.click(screen.getByRole('button', { name: 'More' }))
    await screen.findByText('5 to 5 of 5')
    expect(screen.getByRole('button', { name: 'More' })).toBeDisabled()
    expect(callLogQueries(requests).map((q) => [q.get('offset'), q.get('limit')])).toEqual([
      ['0', '2'],
      ['2', '2'],
      ['4', '2'],
    ])
    requests.stop()
  })
})

describe('<CallLogTable> filters and order, controlled or uncontrolled', () => {
  it('controlled: reports the user’s choice and shows the parent’s value', async () => {
    const onFiltersChange = vi.fn()
    const onSortChange = vi.fn()
    renderWithBackend(
      await fiveCalls(),
      <CallLogTable
        pageSize={2}
        filters={noFilters}
        onFiltersChange={onFiltersChange}
        sort="desc"
        onSortChange={onSortChange}
      />,
      { events: 'bus' },
    )
    const user = userEvent.setup()
    await waitFor(() => expect(table()).toHaveAttribute('data-state', 'ready'))
    await user.selectOptions(screen.getByLabelText('Disposition (this page)'), 'classifying')
    expect(onFiltersChange).toHaveBeenLastCalledWith({ ...noFilters, disposition: 'classifying' })
    // The parent kept its filters: the select and the rows say so.
    expect(screen.getByLabelText('Disposition (this page)')).toHaveValue('all')
    expect(table().querySelectorAll('tbody tr[data-status]')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: /Sort by time/ }))
    expect(onSortChange).toHaveBeenLastCalledWith('asc')
    expect(table()).toHaveAttribute('data-sort', 'desc')
  })

  it('a filter set by the parent is asked of the service, from the first page', async () => {
    const backend = await fiveCalls()
    const line = callingLine(backend)
    function Parent() {
      const [filters, setFilters] = useState(noFilters)
      return (
        <>
          <button type="button" onClick={() => setFilters({ ...filters, lineId: line.lineId })}>
            Only the calling line
          </button>
          <CallLogTable pageSize={2} filters={filters} onFiltersChange={setFilters} />
          <p>Line filter: {filters.lineId ?? 'every line'}</p>
        </>
      )
    }
    const requests = recordRequests()
    renderWithBackend(backend, <Parent />, { events: 'bus' })
    const user = userEvent.setup()
    await screen.findByText('Calls 1–2 of 5')
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await screen.findByText('Calls 3–4 of 5')
    await user.click(screen.getByRole('button', { name: 'Only the calling line' }))
    await screen.findByText('Calls 1–2 of 5')
    await waitFor(() => expect(screen.getByLabelText('Line')).toHaveValue(line.lineId))
    const last = callLogQueries(requests).at(-1)!
    expect([last.get('pb_line_id'), last.get('offset')]).toEqual([line.lineId, '0'])
    // The user's own choice goes through the parent too.
    expect(screen.getByText(`Line filter: ${line.lineId}`)).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Line'), '')
    expect(screen.getByText('Line filter: every line')).toBeInTheDocument()
    expect(screen.getByLabelText('Line')).toHaveValue('')
    requests.stop()
  })

  it('uncontrolled: starts from defaultFilters', async () => {
    const backend = await fiveCalls()
    const line = callingLine(backend)
    const requests = recordRequests()
    renderWithBackend(
      backend,
      <CallLogTable pageSize={2} defaultFilters={{ lineId: line.lineId, disposition: 'classifying' }} />,
      { events: 'bus' },
    )
    await waitFor(() => expect(table()).toHaveAttribute('data-state', 'ready'))
    expect(screen.getByLabelText('Disposition (this page)')).toHaveValue('classifying')
    expect(table().querySelectorAll('tbody tr[data-status]')).toHaveLength(1)
    await waitFor(() => expect(screen.getByLabelText('Line')).toHaveValue(line.lineId))
    expect(callLogQueries(requests)[0]!.get('pb_line_id')).toBe(line.lineId)
    requests.stop()
  })
})
