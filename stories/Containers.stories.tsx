import type { CSSProperties, ReactNode } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { MessageList } from 'linekit'
import { storyDates, storyNow, thread } from './messaging/fixtures'

/**
 * Components dropped into the containers apps put them in. A virtualized list has no width of
 * its own (its rows are positioned absolutely): in a flex row, a grid track, an inline block,
 * an absolutely positioned panel or a table cell it must still fill what it is given (or take a
 * sensible width of its own), never collapse into a column one letter wide.
 */
const meta = {
  title: 'Layout/In any container',
  parameters: { layout: 'padded' },
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const items = thread(12)
const list = (where: string) => (
  <MessageList items={items} dateOptions={storyDates} now={storyNow} strings={{ label: `Messages in ${where}` }} />
)

const frame: CSSProperties = { height: 220, border: '1px dashed #8a8a8e' }
const containers: [string, ReactNode][] = [
  ['a flex row', <div style={{ ...frame, display: 'flex' }}>{list('a flex row')}</div>],
  [
    'a flex column, items at the start',
    <div style={{ ...frame, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      {list('a flex column, items at the start')}
    </div>,
  ],
  [
    'an auto grid track',
    <div style={{ ...frame, display: 'grid', gridTemplateColumns: 'auto' }}>{list('an auto grid track')}</div>,
  ],
  ['an inline block', <div style={{ ...frame, display: 'inline-block' }}>{list('an inline block')}</div>],
  [
    'an absolutely positioned panel',
    <div style={{ ...frame, position: 'relative' }}>
      <div style={{ position: 'absolute', insetBlock: 0, insetInlineStart: 0 }}>
        {list('an absolutely positioned panel')}
      </div>
    </div>,
  ],
  [
    'a table cell',
    <table style={{ ...frame, borderCollapse: 'collapse' }}>
      <tbody>
        <tr>
          <td style={{ padding: 0, height: 220 }}>{list('a table cell')}</td>
        </tr>
      </tbody>
    </table>,
  ],
]

/** MessageList in six kinds of container: each shows messages at a readable width. */
export const MessageListInContainers: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' }}>
      {containers.map(([name, container]) => (
        <section key={name} aria-label={`MessageList in ${name}`}>
          <h3 style={{ margin: '0 0 4px', fontSize: 14 }}>In {name}</h3>
          {container}
        </section>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const lists = [...canvasElement.querySelectorAll<HTMLElement>('.lk-MessageList')]
    await expect(lists).toHaveLength(containers.length)
    for (const [i, el] of lists.entries())
      await expect({ container: containers[i]![0], width: el.getBoundingClientRect().width >= 200 }).toEqual({
        container: containers[i]![0],
        width: true,
      })
  },
}
