import { SHARE_POPUP } from '@shop/domain/referrals';

/** The ways a page can be shared from the shop: the web ones open a popup, email the mail app. */
export type ShareChannel = 'email' | 'whatsapp' | 'x' | 'facebook';

/** Each provider's public share address for `url` with `text` (the email's subject is `subject`). */
export function shareTargets({ url, text, subject }: { url: string; text: string; subject: string }): Record<ShareChannel, string> {
  const link = encodeURIComponent(url);
  return {
    email: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    x: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${link}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${link}`,
  };
}

/** The web channels, in the order they are offered, with their button words. */
export const WEB_SHARES: ReadonlyArray<{ channel: Exclude<ShareChannel, 'email'>; label: string }> = [
  { channel: 'whatsapp', label: 'Share on WhatsApp' },
  { channel: 'x', label: 'Share on X (Twitter)' },
  { channel: 'facebook', label: 'Share on Facebook' },
];

/** Spec §9 "Share popup 550 by 600": a web share opens in its own window of that size. */
export function openSharePopup(href: string): void {
  window.open(href, 'share', `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},noopener,noreferrer`);
}
