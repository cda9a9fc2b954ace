import { useState } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay';
import { openSharePopup, shareTargets, WEB_SHARES } from '../../lib/share.ts';
import type { ReferralShare_referFriend$key } from '../../__generated__/ReferralShare_referFriend.graphql';
import type { ReferralShareMutation, ReferralShareChannel } from '../../__generated__/ReferralShareMutation.graphql';

/** What a friend is told: only what the rules pay (domain/src/referrals.ts). */
const SHARE_TEXT = 'Join me on Thistle Deals: register with my link and buy your first deal, and once its 14-day refund window has passed we each get £10 wallet credit.';

/** Each web share's channel in the share count (spec §7 user/raf/stat/share). */
const CHANNEL = { whatsapp: 'WHATSAPP', x: 'TWITTER', facebook: 'FACEBOOK' } as const satisfies Record<(typeof WEB_SHARES)[number]['channel'], ReferralShareChannel>;

/**
 * The personal link with a copy button, and the share buttons (email, WhatsApp, X, Facebook).
 * Each share is counted (spec §7 user/raf/stat/share); a count that fails never stops the share.
 */
export function ReferralShare({ referFriend }: { referFriend: ReferralShare_referFriend$key }) {
  const data = useFragment(
    graphql`
      fragment ReferralShare_referFriend on ReferFriend {
        linkPath
      }
    `,
    referFriend,
  );
  const [commit] = useMutation<ReferralShareMutation>(graphql`
    mutation ReferralShareMutation($input: RecordReferralShareInput!) {
      recordReferralShare(input: $input) {
        __typename
        ... on ReferralShareRecorded {
          shares
        }
      }
    }
  `);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const url = `${window.location.origin}${data.linkPath}`;
  const targets = shareTargets({ url, text: SHARE_TEXT, subject: '£10 to spend on Thistle Deals' });
  const record = (channel: ReferralShareChannel) => commit({ variables: { input: { channel } } });

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
      record('COPY');
    } catch {
      setCopied('failed');
    }
  }

  const web = WEB_SHARES.map((w) => ({ channel: CHANNEL[w.channel], label: w.label, href: targets[w.channel] }));

  return (
    <section className="panel referral-share" aria-labelledby="referral-link-title">
      <h2 id="referral-link-title" className="panel__title">
        Your personal link
      </h2>
      <label htmlFor="referral-link">Your link to share</label>
      <div className="referral-share__link">
        <input id="referral-link" className="input" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p role="status" className="referral-share__status">
        {copied === 'yes' ? 'Link copied. Paste it anywhere to share it.' : copied === 'failed' ? 'Sorry, we couldn’t copy it. Select the link and copy it yourself.' : ''}
      </p>
      <ul className="share-buttons" aria-label="Share your link">
        <li>
          <a className="button button--secondary" href={targets.email} onClick={() => record('EMAIL')}>
            Share by email
          </a>
        </li>
        {web.map((w) => (
          <li key={w.channel}>
            <a
              className="button button--secondary"
              href={w.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(e) => {
                e.preventDefault();
                openSharePopup(w.href);
                record(w.channel);
              }}
            >
              {w.label}
              <span className="visually-hidden"> (opens a new window)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
