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
  // Every script, module preload and stylesheet tag gets nonce="…" with this placeholder; the
  // server writes a fresh nonce over it on each page it renders (gateway/src/html/render-head.ts),
  // and Vite's preload helper copies it onto the tags it adds for lazy chunks (<meta property=csp-nonce>).
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // The vendor chunk (React, Relay, router) is ~170 kB gzipped by design; see performance.md B9b.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      // domain/ is pure (no I/O, no globals): a module none of whose exports a chunk uses is
      // left out whole. Without this, the zod schemas of domain/src/accounts.ts (re-exported by
      // the domain index) would load on every page, forms or not.
      treeshake: { moduleSideEffects: [{ test: /[\\/]domain[\\/]src[\\/][^\\/]+\.ts$/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // zod serves the account forms only: its own chunk, loaded with them, not on the homepage.
            { name: 'zod', test: /[\\/]node_modules[\\/](\.pnpm[\\/]zod@[^\\/]+[\\/]node_modules[\\/])?zod[\\/]/, priority: 2 },
            // The till's QR decoder (its .wasm is a separate asset): loaded only by the scanner, where the browser has no BarcodeDetector.
            { name: 'qr-decoder', test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(barcode-detector|zxing-wasm)[\\/]/, priority: 3 },
            // React, Relay and the router change rarely: one long-cached vendor chunk. Not the merchant
            // dashboard's charts (recharts and the redux, immer and d3 it brings, ~460 kB): left out of
            // every group, they stay in the Sales page's own lazy chunk. (A group of their own would
            // capture React with them: a group takes its modules' dependencies too.)
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](?!(\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs[\\/]toolkit|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|react-is|use-sync-external-store|tiny-invariant)[\\/])/,
              priority: 1,
            },
          ],
        },
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
