/**
 * A delivery address on one line ("Ann Example, 1 George Square, Glasgow, G1 1AA"): its parts that
 * are set, in order, the postcode in capitals. Empty when none is set.
 */
export function addressInOneLine(address: Record<string, unknown> | null | undefined): string {
  if (!address) return '';
  const part = (k: string) => (typeof address[k] === 'string' && (address[k] as string).trim() ? [(address[k] as string).trim()] : []);
  return [...part('name'), ...part('line1'), ...part('line2'), ...part('town'), ...part('county'), ...part('postcode').map((p) => p.toUpperCase())].join(', ');
}
