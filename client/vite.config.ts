/// <reference types="vitest/config" />
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const server = process.env.TFM_DEV_SERVER ?? 'http://localhost:8080'

// The Go binary serves the API, Socket.IO and media on the same origin in
// production; in development Vite forwards those paths to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, assetsDir: 'assets' },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/engine.io': { target: server, changeOrigin: true, ws: true },
      '/media': { target: server, changeOrigin: true },
      '/healthz': { target: server, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
})
