/**
 * Whether a login guard (LoginRequired) is on screen. Signing out on purpose from a page that
 * needs a login (leaveSignedOut) navigates home first and forgets the viewer only once that page
 * is gone: the router's navigation ends before React shows the new page, and a guard still on
 * screen that sees a guest sends the shopper to the login page instead.
 */
let shown = 0;
const waiting = new Set<() => void>();

/** Called by a guard as it mounts; the function returned is called as it unmounts. */
export function guardShown(): () => void {
  shown += 1;
  let gone = false;
  return () => {
    if (gone) return;
    gone = true;
    shown -= 1;
    if (shown === 0) for (const resolve of [...waiting]) resolve();
  };
}

/** Resolves once no guard is on screen, or after `timeoutMs` whatever happened (a navigation that failed). */
export function noGuardShown(timeoutMs: number): Promise<void> {
  if (shown === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    waiting.add(done);
  });
}
