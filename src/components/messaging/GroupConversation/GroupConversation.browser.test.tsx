import { cleanup, screen } from '@testing-library/react'
import { userEvent } from 'vitest/browser'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import '../../../styles.css'
import { GroupConversation } from './GroupConversation'
import { createStoryBackend, renderWithBackend, storyNumbers } from '../../../../test/support/renderWithBackend'
import { asScriptedRequest } from '../../../../stories/support/serviceChain'

// Real Chromium, real chain (mock → linekit/server → page). The contract lists no group nor its
// members; the server learns them from the group sends it forwards (src/api/groups.ts).
afterEach(() => {
  cleanup()
  localStorage.clear()
})

describe('a group on a fresh browser', () => {
  it('opens a group another browser created with its name, and replies to the whole group', async () => {
    const backend = await createStoryBackend()
    // Another browser: its send goes through the same server; nothing of it is in this one's storage.
    const other = createLinekitClient({
      baseUrl: `http://localhost${backend.prefix}`,
      fetch: (input, init) => backend.server.handle(asScriptedRequest(new Request(input, init))),
    })
    const numbers = [storyNumbers.chat, '+14155550171', '+14155550172']
    await other.sendGroupMessage({ numbers, message: 'Stand-up moved to 10', groupName: 'Ops team' })
    const group = await vi.waitFor(
      async () => {
        const listed = (await other.listGroups()).data[0]
        if (!listed) throw new Error('not tied yet')
        return listed
      },
      { timeout: 15_000, interval: 250 },
    )
    localStorage.clear()
    window.dispatchEvent(new StorageEvent('storage', { key: null }))

    const view = renderWithBackend(backend, <GroupConversation chatId={group.chatId} />)
    expect(await screen.findByRole('region', { name: 'Group conversation: Ops team' }, { timeout: 8000 })).toBeVisible()
    const box = screen.getByRole('textbox', { name: 'Message' })
    await vi.waitFor(() => expect(box).toBeEnabled())
    await userEvent.type(box, 'On my way{Enter}')
    await vi.waitFor(() =>
      expect(view.requests.filter((r) => r.path === '/send-group-message').map((r) => r.body)).toEqual([
        expect.objectContaining({ numbers, message: 'On my way', lineId: group.lineId }),
      ]),
    )
  })
})
