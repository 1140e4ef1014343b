import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Blockly's icons (zoom, trash can, dropdown arrows, cursors) served by the console itself under
 * `/blockly-media/`: Blockly's default is a Google host, and self-hosted consoles may be offline.
 * Copied from the installed package at build time so they always match its version.
 */
function blocklyMedia(): Plugin {
  // `blockly` exports no package.json; its main file sits at the package root, beside `media/`.
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('blockly')), 'media');
  const files = () => fs.readdirSync(dir).filter((f) => !f.endsWith('.mp3'));
  return {
    name: 'basalt-blockly-media',
    configureServer(server) {
      server.middlewares.use('/blockly-media', (req, res, next) => {
        const name = path.basename(decodeURIComponent((req.url ?? '').split('?')[0]));
        if (!files().includes(name)) return next();
        res.end(fs.readFileSync(path.join(dir, name)));
      });
    },
    generateBundle() {
      for (const name of files()) {
        this.emitFile({
          type: 'asset',
          fileName: `blockly-media/${name}`,
          source: fs.readFileSync(path.join(dir, name)),
        });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), blocklyMedia()],
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
