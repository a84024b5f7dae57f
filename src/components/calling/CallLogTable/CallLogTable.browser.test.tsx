import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../../../styles.css'
import { CallLogTable } from './CallLogTable'
import { renderWithBackend, createStoryBackend } from '../../../../test/support/renderWithBackend'
import { callHistory } from '../../../../stories/calling/callingSetups'

// Real Chromium with the kit's stylesheet: the narrow layout is a container query.
afterEach(() => {
  cleanup()
})

async function renderAt(width: number) {
  renderWithBackend(
    await createStoryBackend({ setup: callHistory(3, 0) }),
    <div style={{ width }}>
      <CallLogTable locale="en-US" />
    </div>,
    { events: 'bus' },
  )
  await waitFor(() => expect(document.querySelector('.lk-CallLogTable')).toHaveAttribute('data-state', 'ready'))
  const row = document.querySelector<HTMLElement>('tbody tr[data-status]')!
  return { row, table: screen.getByRole('table') }
}

describe('<CallLogTable> layout', () => {
  it('in a narrow container (a 340 px phone) each row is a card that fits, labelled field by field', async () => {
    const { row, table } = await renderAt(340)
    expect(getComputedStyle(row).display).toBe('block')
    expect(table.getBoundingClientRect().width).toBeLessThanOrEqual(340)
    const cell = row.querySelector<HTMLElement>('td[data-label="Duration"]')!
    expect(getComputedStyle(cell, '::before').content).toBe('"Duration"')
  })

  it('in a wide container it stays a table', async () => {
    const { row } = await renderAt(1000)
    expect(getComputedStyle(row).display).toBe('table-row')
  })
})
