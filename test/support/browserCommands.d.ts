// The browser commands of the browser and storybook projects (vite.config.ts), typed for
// `commands` from 'vitest/browser'.
import 'vitest/browser'
import type { PictureMedia } from '../pictures/storyPictures'

declare module 'vitest/browser' {
  interface BrowserCommands {
    emulateColorScheme: (colorScheme: 'light' | 'dark') => Promise<void>
    storyClock: () => Promise<void>
    emulatePictureMedia: (media: PictureMedia) => Promise<void>
    storyPicture: (name: string) => Promise<string | undefined>
  }
}
