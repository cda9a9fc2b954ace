import type { SubscriptionStatus } from '../../__generated__/SubscriptionsPageQuery.graphql';

/** Spec §3 VIP subscription statuses in plain words (VIP costs £4.99 a year, spec §9). */
export function vipStatusWords(status: SubscriptionStatus): { title: string; text: string; short: string } {
  switch (status) {
    case 'ACTIVE':
      return { short: 'Active', title: 'You’re a VIP member', text: 'You get VIP prices on selected deals, with extra savings of up to 10%.' };
    case 'RENEW':
      return { short: 'Due for renewal', title: 'Your VIP membership is due for renewal', text: 'Renew for £4.99 a year to keep your VIP prices on selected deals.' };
    case 'ELIGIBLE':
      return { short: 'Not a member', title: 'You can join VIP', text: 'VIP costs £4.99 a year and gets you VIP prices on selected deals, with extra savings of up to 10%. Add it at checkout.' };
    case 'NOT_CHECKED':
      return { short: 'Not checked yet', title: 'We haven’t checked your VIP membership yet', text: 'We’ll show it here once we have. There’s nothing you need to do.' };
    default:
      return { short: 'Unknown', title: 'VIP membership', text: 'We can’t show your VIP membership just now. Please look again later.' };
  }
}
