import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import relay from 'vite-plugin-relay';

const clientDir = fileURLToPath(new URL('.', import.meta.url));

// vite-plugin-relay runs babel-plugin-relay, which reads the root relay.config.js (found from the
// working directory, so Vite runs from the repository root: `vite build --config client/vite.config.ts`).
export default defineConfig({
  root: clientDir,
  plugins: [relay, react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // The vendor chunk (React, Relay, router) is ~170 kB gzipped by design; see performance.md B9b.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      output: {
        // React, Relay and the router change rarely: one long-cached vendor chunk.
        codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }] },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': 'http://127.0.0.1:4000',
      '/api': 'http://127.0.0.1:4000',
    },
  },
});
