import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    // During `npm run dev -w @basalt/console` the API runs on the server's port.
    proxy: {
      '^/(console|api|[^/]+/console)(/|$)': {
        target: process.env.BASALT_DEV_SERVER ?? 'http://localhost:8080',
        changeOrigin: false,
      },
    },
  },
});
