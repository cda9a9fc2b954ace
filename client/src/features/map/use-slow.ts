import { useEffect, useMemo, useState } from 'react';

/** True once `active` has stayed true for `afterMs` (spec §9: the map's "slow" notice after 2000 ms). */
export function useSlow(active: boolean, afterMs: number): boolean {
  // A fresh token per stretch of activity: a timer of an earlier stretch can never mark this one.
  const token = useMemo(() => (active ? {} : null), [active]);
  const [slowToken, setSlowToken] = useState<object | null>(null);
  useEffect(() => {
    if (!token) return;
    const timer = setTimeout(() => setSlowToken(token), afterMs);
    return () => clearTimeout(timer);
  }, [token, afterMs]);
  return token !== null && slowToken === token;
}
