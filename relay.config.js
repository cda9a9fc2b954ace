// relay-compiler and babel-plugin-relay (through vite-plugin-relay) read this file. They load it
// with require(), which on Node 24 returns an ES module's namespace: so the options are named
// exports, not a default export. Run the compiler with --noWatchman (Debian's watchman is too old
// for Relay 21), from the repository root.
export const src = './client/src';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './client/src/__generated__';
export const eagerEsModules = true;
export const excludes = ['**/node_modules/**', '**/__generated__/**'];
// Persisted operations (README "Internal tools"): every operation's text goes into this map under
// its SHA-256, and the artifacts carry only the id. Generated like __generated__ (scripts/tasks.ts
// writes an empty map first, as the compiler wants the file to exist); the gateway reads it at start.
export const persistConfig = { file: './client/persisted-operations.json', algorithm: 'SHA256' };
