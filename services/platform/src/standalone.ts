/**
 * Runs one service on its own: `node services/<name>/src/server.ts`. The environment is read and
 * checked once (environment.ts), the database opened and migrated under the startup lock, the
 * app served on loopback only (reliability Z5), and SIGINT/SIGTERM close the server, then what
 * the service started (its jobs, its background work), then the database (PGlite checkpoints and
 * releases its lock). A service's `server.ts` is one call of this.
 */
import { openDatabase, type Database } from './database.ts';
import { databaseSettings, environmentOrExit, serviceSettings, type Environment, type ServiceName } from './environment.ts';
import { problem, problemJson } from './rest.ts';
import { serveOnLoopback } from './serve.ts';
import { withStartupLock } from './startup-lock.ts';

export interface StandaloneContext {
  env: Environment;
  database: Database;
  serviceToken: string;
  basePath: string;
  /** This server's own origin (http://127.0.0.1:<port>), for what calls back into it (payment webhooks). */
  origin: string;
}

export interface StandaloneApp {
  /** `env` is node-server's { incoming, outgoing } (the sandboxes' dropped-connection faults reach the socket through it). */
  fetch(request: Request, env?: object): Response | Promise<Response>;
  /** Stops what the service started (jobs, background work); the server is closed before it. */
  close?(): Promise<void>;
  /** Said after the address in the start line: "(pglite); docs at /docs" and the like. */
  describe?: string;
}

export interface StandaloneOptions {
  name: ServiceName;
  defaultPort: number;
  /** Creates or updates the service's tables (and seeds them); run under the startup lock. */
  migrate(database: Database, env: Environment): Promise<void>;
  createApp(context: StandaloneContext): StandaloneApp | Promise<StandaloneApp>;
}

const title = (name: string) => name[0]!.toUpperCase() + name.slice(1);

export async function runStandalone(options: StandaloneOptions): Promise<void> {
  const env = environmentOrExit();
  const { serviceToken, basePath } = serviceSettings(env, options.name);
  if (!serviceToken) {
    console.error(`Set ${options.name.toUpperCase()}_SERVICE_TOKEN (or SERVICE_TOKEN): callers must send it in x-service-token.`);
    process.exit(1);
  }
  const database = await openDatabase(databaseSettings(env));
  await withStartupLock(database, () => options.migrate(database, env));

  // Listen first so the app may know its own origin; until it is built the answer is 503.
  let app: StandaloneApp | null = null;
  const starting = () => new Response(JSON.stringify(problem(503, 'SERVICE_UNAVAILABLE', 'The service is starting. Please try again in a moment.')), problemJson(503, { 'retry-after': '1' }));
  const server = await serveOnLoopback((request, env) => (app ? app.fetch(request, env) : starting()), env.PORT ?? options.defaultPort);
  app = await options.createApp({ env, database, serviceToken, basePath, origin: `http://127.0.0.1:${server.port}` });
  console.log(`${title(options.name)} service on http://127.0.0.1:${server.port} (${database.dialect})${app.describe ? `; ${app.describe}` : '; docs at /docs'}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing`);
    await server.close();
    await app?.close?.();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
