export * from './database.ts';
export * from './migrate.ts';
export * from './problem.ts';
export * from './service-auth.ts';
export * from './app.ts';
export * from './docs.ts';
export * from './serve.ts';
export * from './mail/index.ts';
