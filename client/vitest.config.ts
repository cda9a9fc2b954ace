import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';
import { defineProject } from 'vitest/config';

// The client's unit tests (vitest project "client", run by `npm test` with the others): React
// components rendered in happy-dom with @testing-library/react, against relay-test-utils'
// MockEnvironment. vite-plugin-relay turns each graphql`` into an import of its artifact, so the
// Relay compiler must have run first (`npm test` does that before vitest).
export default defineProject({
  plugins: [relay, react()],
  test: {
    name: 'client',
    root: new URL('..', import.meta.url).pathname,
    include: ['client/src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['client/src/test/setup.ts'],
    sequence: { groupOrder: 0 },
  },
});
