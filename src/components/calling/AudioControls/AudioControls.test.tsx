import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeAudioEngine } from '../../../rtc'
import { AudioControls } from './AudioControls'
import { createBackend, renderWithBackend } from '../../../../test/support/renderWithBackend'

async function joined() {
  const engine = createFakeAudioEngine({ inputLevel: 0.5 })
  await act(() => engine.join({ appId: 'app', channelName: 'c', token: 't', uid: 1 }))
  return engine
}

describe('<AudioControls>', () => {
  it('mutes and unmutes the engine; the label says what a press does and follows the engine', async () => {
    const user = userEvent.setup()
    const engine = await joined()
    renderWithBackend(createBackend(), <AudioControls engine={engine} />)
    expect(screen.getByRole('group', { name: 'Call audio' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Mute' }))
    expect(engine.muted).toBe(true)
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveAttribute('data-muted')
    // A change made elsewhere (another control, the engine itself) shows here too.
    await act(() => engine.setMuted(false))
    expect(screen.getByRole('button', { name: 'Mute' })).not.toHaveAttribute('data-muted')
  })

  it('lists the microphones and switches the engine to the one picked', async () => {
    const user = userEvent.setup()
    const engine = await joined()
    renderWithBackend(createBackend(), <AudioControls engine={engine} />)
    const picker = screen.getByRole('combobox', { name: 'Microphone' })
    await waitFor(() => expect(screen.getByRole('option', { name: 'Headset microphone' })).toBeInTheDocument())
    await user.selectOptions(picker, 'Headset microphone')
    await waitFor(() => expect(engine.microphoneId).toBe('fake-headset'))
  })
})
