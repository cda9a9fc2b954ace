/**
 * What the services' test fixtures share: the service credential their apps are created with,
 * the shape of a logged line, and GETs carrying that credential.
 */
import { SERVICE_TOKEN_HEADER } from './service-auth.ts';

export const TEST_TOKEN = 'test-service-token';

/** A line the service logged (an unhandled error): tests assert none. */
export interface LoggedLine {
  message: string;
  fields: Record<string, unknown>;
}

/** GET with the service credential, and the JSON body of a GET that must answer 200. */
export function serviceGets(app: { request(path: string, init?: RequestInit): Response | Promise<Response> }, token = TEST_TOKEN) {
  const get = (path: string) => Promise.resolve(app.request(path, { headers: { [SERVICE_TOKEN_HEADER]: token } }));
  const json = async <T = unknown>(path: string): Promise<T> => {
    const res = await get(path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<T>;
  };
  return { get, json };
}
