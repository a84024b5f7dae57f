import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { CallLogTable, type CallLogTableFilters, type CallLogTableProps } from 'linekit'
import { setups } from '../support'
import { callHistory } from './callingSetups'

/** The dialer's call log, from call attempts made through the mock service's own API. */
const meta = {
  title: 'Calling/CallLogTable',
  component: CallLogTable,
  parameters: { linekit: { setup: callHistory(8, 1) } },
  args: { pageSize: 5 },
} satisfies Meta<typeof CallLogTable>
export default meta
type Story = StoryObj<typeof meta>

const table = (el: HTMLElement) => el.querySelector<HTMLElement>('.lk-CallLogTable')!

/** Loaded rows: statuses, disposition badges (one still classifying), recordings, transcripts. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(table(canvasElement)).toHaveAttribute('data-state', 'ready'), { timeout: 8000 })
    await expect(canvas.getByText('Calls 1–5 of 8')).toBeVisible()
    await expect(canvasElement.querySelector('[data-disposition="classifying"]')).not.toBeNull()
  },
}

/** Oldest first, second page. */
export const SortedAscending: Story = {
  args: { defaultSort: 'asc' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(table(canvasElement)).toHaveAttribute('data-state', 'ready'), { timeout: 8000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(canvas.getByText('Calls 6–8 of 8')).toBeVisible())
  },
}

/** An expanded, speaker-labelled transcript. */
export const TranscriptOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Show transcript' })[0]).toBeVisible(), {
      timeout: 8000,
    })
    await userEvent.click(canvas.getAllByRole('button', { name: 'Show transcript' })[0]!)
    await expect(canvas.getByRole('button', { name: 'Hide transcript' })).toHaveAttribute('aria-expanded', 'true')
  },
}

/** The disposition filter works on the loaded page only, and says so. */
export const DispositionFiltered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(table(canvasElement)).toHaveAttribute('data-state', 'ready'), { timeout: 8000 })
    await userEvent.selectOptions(canvas.getByLabelText('Disposition (this page)'), 'classifying')
    await expect(canvas.getByText(/applies to the calls loaded on this page only/)).toBeVisible()
  },
}

/** No calls yet. */
export const Empty: Story = { parameters: { linekit: { setup: [] } } }

/** Loading (the mock answers slowly). */
export const Loading: Story = {
  parameters: { linekit: { setup: setups.settings({ latencyMs: 600_000 }) } },
  play: async ({ canvasElement }) => {
    await expect(table(canvasElement)).toHaveAttribute('data-state', 'loading')
  },
}

/** The service failed: explained, with "Try again". */
export const Error: Story = {
  parameters: { linekit: { setup: setups.faults({ endpoint: 'getCallLogs', status: 500, count: 100 }), retry: false } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(table(canvasElement)).toHaveAttribute('data-state', 'error'), { timeout: 15000 })
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

/** A narrow container (a phone): each row becomes a card of labelled fields. */
export const NarrowCards: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 340 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(table(canvasElement)).toHaveAttribute('data-state', 'ready'), { timeout: 8000 })
    const row = canvasElement.querySelector<HTMLElement>('tbody tr[data-status]')!
    await expect(getComputedStyle(row).display).toBe('block')
  },
}

/** A column header sorts the loaded page, with `aria-sort`; the table says it sorts this page only. */
export const SortedByDuration: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(table(canvasElement)).toHaveAttribute('data-state', 'ready'), { timeout: 8000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Sort by Duration' }))
    await expect(canvas.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute('aria-sort', 'ascending')
    await expect(canvas.getByText(/Sorted within the loaded page/)).toBeVisible()
  },
}

/** The page keeps the filters (`filters` / `onFiltersChange`), e.g. in its URL; shown here beside the table. */
function FiltersKeptByThePage(props: CallLogTableProps) {
  const [filters, setFilters] = useState<CallLogTableFilters>({
    lineId: null,
    answeredFrom: null,
    answeredTo: null,
    disposition: 'all',
  })
  return (
    <>
      <CallLogTable {...props} filters={filters} onFiltersChange={setFilters} />
      <pre aria-label="The page's filters">{JSON.stringify(filters)}</pre>
    </>
  )
}

/** Controlled filters: the table shows the page's filters and reports the user's changes to it. */
export const ControlledFilters: Story = {
  render: (args) => <FiltersKeptByThePage {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(table(canvasElement)).toHaveAttribute('data-state', 'ready'), { timeout: 8000 })
    await userEvent.selectOptions(canvas.getByLabelText('Disposition (this page)'), 'classifying')
    await expect(canvas.getByLabelText("The page's filters")).toHaveTextContent('"disposition":"classifying"')
    await expect(canvas.getByText(/applies to the calls loaded on this page only/)).toBeVisible()
  },
}
