/**
 * The merchant dashboard's sections (issue 17), in the order of its tab bar. Each is a child route
 * of /insights (routes.tsx) with its own page under routes/insights/; the chosen business rides
 * along as ?business= (InsightsLayout).
 */
export const INSIGHTS_SECTIONS = [
  { to: '/insights', label: 'Sales', end: true },
  { to: '/insights/redeem', label: 'Redeem', end: false },
] as const;
