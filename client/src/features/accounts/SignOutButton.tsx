import { useState, type ReactNode } from 'react';
import { useSignOut } from './session.ts';

/** A sign-out button (useSignOut): busy, and deaf to more clicks, until the sign-out is done. `everywhere` ends every session. */
export function SignOutButton({ className, everywhere = false, children }: { className: string; everywhere?: boolean; children: ReactNode }) {
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      aria-busy={busy || undefined}
      onClick={() => {
        if (busy) return;
        setBusy(true);
        void signOut({ everywhere }).finally(() => setBusy(false));
      }}
    >
      {children}
    </button>
  );
}
