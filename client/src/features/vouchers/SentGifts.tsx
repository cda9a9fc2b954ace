import { graphql, useLazyLoadQuery } from 'react-relay';
import { giftSendAfter, giftSendOnInWords } from '@shop/domain/gift-send-date';
import { formatDate } from '../../lib/text.ts';
import '../gifts/gifts.css';
import type { SentGiftsQuery } from '../../__generated__/SentGiftsQuery.graphql';

/**
 * "Gifts you sent" under My Vouchers (issue 16 point 8): each gift and whether it was claimed —
 * "Claimed by <name> on <date>" (the voucher is the recipient's now, so it left this list) or
 * "Gift sent, not yet claimed". Nothing when the shopper sent none.
 */
export function SentGifts() {
  const { viewer } = useLazyLoadQuery<SentGiftsQuery>(
    graphql`
      query SentGiftsQuery {
        viewer {
          sentGifts {
            id
            recipientName
            recipientEmail
            sentAt
            sendOn
            claimedAt
            claimedByName
            vouchers {
              title
              deal {
                title
              }
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const gifts = viewer?.sentGifts ?? [];
  if (gifts.length === 0) return null;
  return (
    <section className="sent-gifts" aria-labelledby="sent-gifts-title">
      <h2 id="sent-gifts-title">Gifts you sent</h2>
      <ul className="sent-gifts__list">
        {gifts.map((g) => {
          const what = [...new Set(g.vouchers.map((v) => v.deal?.title ?? v.title))].join(', ');
          // Issue 18 point 2: a dated e-gift not emailed yet says when it will be.
          const waiting = g.sendOn && !g.claimedAt && giftSendAfter(g.sendOn, new Date()) ? g.sendOn : null;
          return (
            <li key={g.id} className="sent-gifts__item">
              <p>
                <strong>{what}</strong> for {g.recipientName} ({g.recipientEmail}),{' '}
                {waiting ? (
                  <>
                    we email it to them on <time dateTime={waiting}>{giftSendOnInWords(waiting)}</time>
                  </>
                ) : (
                  <>
                    sent on <time dateTime={g.sentAt}>{formatDate(g.sentAt)}</time>
                  </>
                )}
              </p>
              <p className="sent-gifts__state">
                {g.claimedAt ? (
                  <>
                    Claimed by {g.claimedByName ?? g.recipientName} on <time dateTime={g.claimedAt}>{formatDate(g.claimedAt)}</time>
                  </>
                ) : waiting ? (
                  'Not sent yet'
                ) : (
                  'Gift sent, not yet claimed'
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
