import type { EmailFrequency, EmailTopic } from '../../__generated__/emailMutations_preferences.graphql';

/** The values this client knows (Relay's enum types add a placeholder for values added later). */
type Known<T> = T extends `%${string}` ? never : T;

/** The deal-email topics in plain words, in display order. */
export const TOPIC_LABELS: Record<Known<EmailTopic>, { label: string; hint: string }> = {
  LOCAL_DEALS: { label: 'Local deals', hint: 'Restaurants, spa days and things to do near you' },
  TRAVEL: { label: 'Travel', hint: 'UK breaks and holidays abroad' },
  SHOP: { label: 'Shop', hint: 'Products delivered to your door' },
  VIP: { label: 'VIP', hint: 'Member-only prices and early access' },
  PARTNER_OFFERS: { label: 'Partner offers', hint: 'Offers from brands we work with, sent by us' },
};

export const FREQUENCY_LABELS: Record<Known<EmailFrequency>, string> = {
  DAILY: 'Every day',
  WEEKLY: 'Once a week',
  MONTHLY: 'Once a month',
};

export const topicLabel = (topic: string) => TOPIC_LABELS[topic as Known<EmailTopic>]?.label ?? topic;
export const frequencyLabel = (frequency: string) => FREQUENCY_LABELS[frequency as Known<EmailFrequency>] ?? frequency;
