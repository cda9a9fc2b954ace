// relay-compiler and vite-plugin-relay read this. Run the compiler with --noWatchman:
// Debian's watchman is too old for Relay 21.
export default {
  src: './client/src',
  schema: './schema.graphql',
  language: 'typescript',
  artifactDirectory: './client/src/__generated__',
  eagerEsModules: true,
  exclude: ['**/node_modules/**', '**/__generated__/**'],
};
