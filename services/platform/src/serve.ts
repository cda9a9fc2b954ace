/**
 * Serves a fetch handler on loopback only (reliability Z5: services are reachable from this
 * machine only; the gateway is the public edge).
 */
import { serve } from '@hono/node-server';

export interface LoopbackServer {
  port: number;
  close(): Promise<void>;
}

export function serveOnLoopback(fetch: (request: Request, env?: object) => Response | Promise<Response>, port: number): Promise<LoopbackServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port }, (info) => {
      resolve({
        port: info.port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
    server.once('error', reject);
  });
}
