import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  server: {
    // The page calls /api/linekit/* on its own origin; in development Vite passes them to server.js.
    proxy: { '/api/linekit': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
  build: {
    // The one chunk over Vite's default 500 kB is linekit's Agora SDK (linekitAgoraSdk-<hash>.js, ≈ 1,545 kB,
    // a single module, fetched on the first call only). Warn above it rather than on every build.
    chunkSizeWarningLimit: 1600,
  },
})
