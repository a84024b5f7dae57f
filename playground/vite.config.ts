import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { alias } from '../vite.config'

// `npm start`: the playground app. Later it mounts linekit/server as dev-server middleware
// (see playground/server.ts) with the in-process mock service as its upstream.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias },
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: false },
})
