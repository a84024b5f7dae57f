import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderWithBackend, createStoryBackend } from '../../../../test/support/renderWithBackend'
import { LinePicker } from './LinePicker'

function Controlled() {
  const [lineId, setLineId] = useState<string | null>(null)
  return (
    <>
      <LinePicker value={lineId} onValueChange={setLineId} />
      <output>{lineId ?? 'automatic'}</output>
    </>
  )
}

describe('<LinePicker>', () => {
  it('lists lines by number and name with an automatic choice', async () => {
    const r = renderWithBackend(await createStoryBackend(), <Controlled />, { events: 'bus' })
    const select = await screen.findByRole('combobox', { name: 'Send from' })
    expect(screen.getByRole('option', { name: 'Any line (chosen automatically)' })).toBeInTheDocument()
    const option = screen.getByRole('option', { name: /Main/ }) as HTMLOptionElement
    await userEvent.setup().selectOptions(select, option)
    expect(screen.getByText(option.value)).toBeInTheDocument()
    expect((await axe.run(r.container)).violations).toEqual([])
  })
  it('is hidden on trial accounts', async () => {
    renderWithBackend(await createStoryBackend({ account: 'trial' }), <LinePicker />, { events: 'bus' })
    await screen.findByText('Trial accounts send from an automatically chosen line.')
    expect(screen.queryByRole('combobox')).toBeNull()
  })
  it('follows its owner back to automatic: null is a value, so the picker stays controlled', async () => {
    renderWithBackend(await createStoryBackend(), <Controlled />, { events: 'bus' })
    const select = (await screen.findByRole('combobox', { name: 'Send from' })) as HTMLSelectElement
    const user = userEvent.setup()
    const option = screen.getByRole('option', { name: /Main/ }) as HTMLOptionElement
    await user.selectOptions(select, option)
    expect(select.value).toBe(option.value)
    await user.selectOptions(select, screen.getByRole('option', { name: 'Any line (chosen automatically)' }))
    expect(select.value).toBe('')
    expect(screen.getByText('automatic')).toBeInTheDocument()
  })
})
