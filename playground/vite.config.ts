import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { alias } from '../vite.aliases'
import { linekitPlayground } from './linekitPlugin'

// `npm start`: the playground app. linekit/server runs as dev-server middleware (linekitPlugin.ts)
// with the in-process mock service as its upstream, or the real service when LINEKIT_API_KEY,
// LINEKIT_BASE_URL and LINEKIT_APP_URL are set.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), linekitPlayground()],
  resolve: { alias },
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: false },
})
