import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ModalDialog } from './ModalDialog'

function Harness() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ModalDialog open={open} onOpenChange={setOpen} title="Edit" closeLabel="Close" description="The rules.">
        <input aria-label="Name" />
      </ModalDialog>
    </>
  )
}

async function openDialog() {
  const user = userEvent.setup()
  render(<Harness />)
  await user.click(screen.getByRole('button', { name: 'Open' }))
  return { user, dialog: screen.getByRole('dialog', { name: 'Edit' }) }
}

describe('<ModalDialog>', () => {
  it('is named by its title, described by its description, and takes focus', async () => {
    const { dialog } = await openDialog()
    expect(dialog).toHaveAccessibleDescription('The rules.')
    expect(dialog.contains(document.activeElement)).toBe(true)
  })

  it('Escape closes it and focus returns to the opener', async () => {
    const { user } = await openDialog()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }))
  })

  it("the platform's other close requests (cancel) close it through React's state", async () => {
    const { dialog } = await openDialog()
    const cancel = new Event('cancel', { cancelable: true })
    fireEvent(dialog, cancel)
    expect(cancel.defaultPrevented).toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('the × button closes it', async () => {
    const { user } = await openDialog()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a click on the backdrop closes it; a press that starts inside and ends outside does not', async () => {
    const { dialog } = await openDialog()
    // A text selection dragged out of the field: pressed on the input, released over the backdrop.
    fireEvent.pointerDown(screen.getByRole('textbox', { name: 'Name' }))
    fireEvent.click(dialog)
    expect(screen.getByRole('dialog')).toBe(dialog)
    fireEvent.pointerDown(dialog)
    fireEvent.click(dialog)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
