import type { Decorator } from '@storybook/react-vite'

/** Renders the story on a right-to-left page (`dir="rtl"`), its box left to the story's own layout. */
export const rightToLeft: Decorator = (Story) => (
  <div dir="rtl" style={{ display: 'contents' }}>
    <Story />
  </div>
)
