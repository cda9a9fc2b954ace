import { useEffect, useRef, useState } from 'react';
import { reportClientError } from '../../errors/report.ts';

/** One request per link and attempt in this page's life (StrictMode runs effects twice). */
const requests = new Map<string, Promise<unknown>>();

/**
 * Sends an emailed link's `?token=` once when the page opens (and again on `retry`), and hands
 * the answer to `answered`, or calls `failed` when the request itself failed (logged). Nothing
 * is sent without a token. A page left before the answer hears nothing.
 */
export function useLinkRequest<R>(name: string, token: string, run: (token: string) => Promise<R>, answered: (result: R) => void, failed: () => void): () => void {
  const [attempt, setAttempt] = useState(0);
  // The page's own callbacks of this render, read when the answer comes.
  const latest = useRef({ run, answered, failed });
  useEffect(() => {
    latest.current = { run, answered, failed };
  });

  useEffect(() => {
    if (!token) return;
    let live = true;
    const key = `${name}:${token}#${attempt}`;
    let request = requests.get(key) as Promise<R> | undefined;
    if (!request) {
      request = latest.current.run(token);
      requests.set(key, request);
    }
    request.then(
      (result) => {
        if (live) latest.current.answered(result);
      },
      (error: unknown) => {
        reportClientError(error);
        requests.delete(key);
        if (live) latest.current.failed();
      },
    );
    return () => {
      live = false;
    };
  }, [name, token, attempt]);

  return () => setAttempt((a) => a + 1);
}
