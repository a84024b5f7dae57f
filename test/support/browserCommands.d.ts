// The browser project's commands (vite.config.ts), typed for `commands` from 'vitest/browser'.
import 'vitest/browser'

declare module 'vitest/browser' {
  interface BrowserCommands {
    emulateColorScheme: (colorScheme: 'light' | 'dark') => Promise<void>
  }
}
