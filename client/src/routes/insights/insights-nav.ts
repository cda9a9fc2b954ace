/**
 * The merchant dashboard's sections (issue 17), in the order of its tab bar. Each is a child route
 * of /insights (routes.tsx) with its own page under routes/insights/; the chosen business rides
 * along as ?business= (InsightsLayout).
 */
export const INSIGHTS_SECTIONS = [
  { to: '/insights', label: 'Sales', end: true },
  { to: '/insights/redeem', label: 'Redeem', end: false },
  { to: '/insights/scan', label: 'Scan', end: false },
  { to: '/insights/orders', label: 'Orders to post', end: false },
  { to: '/insights/payouts', label: 'Payouts', end: false },
  { to: '/insights/bookings', label: 'Bookings', end: false },
] as const;
