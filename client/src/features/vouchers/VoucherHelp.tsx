import { Suspense, useState, type ReactNode, type SyntheticEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { formatDate } from '../../lib/text.ts';
import { canRefund, CUSTOMER_CARE_EMAIL, HELP_SECTIONS } from './voucher-words.ts';
import { GIFT_WORDS } from '../gifts/gift-words.ts';
import { VoucherHistory } from './VoucherHistory.tsx';
import type { VoucherHelp_voucher$key } from '../../__generated__/VoucherHelp_voucher.graphql';

type SectionKey = (typeof HELP_SECTIONS)[number]['key'];

/**
 * A voucher's help panel: one disclosure whose sections are disclosures too, each keyed by its
 * spec §3 help event key (data-help-event: redeem, progress, gifting, return, help; closing the
 * whole panel is `closed`). The shop has no analytics client, so the keys stay on the elements
 * for one to read. Only what exists is offered: refunds and printing are the card's own buttons
 * (this panel says how they work); no buttons for extensions, gifting or returns (not built yet),
 * and links only to pages the shop has. How to redeem is the gateway's words for the voucher's
 * redeem illustration (the printed voucher's too).
 */
export function VoucherHelp({ voucher }: { voucher: VoucherHelp_voucher$key }) {
  const v = useFragment(
    graphql`
      fragment VoucherHelp_voucher on Voucher {
        id
        statusCode
        orderNumber
        recipientName
        refundableUntil
        giftReceived
        howToRedeem {
          title
          steps
        }
        deal {
          url
        }
      }
    `,
    voucher,
  );
  const [open, setOpen] = useState<ReadonlySet<SectionKey>>(new Set());
  const toggle = (key: SectionKey) => (e: SyntheticEvent<HTMLDetailsElement>) => {
    const isOpen = e.currentTarget.open;
    setOpen((was) => {
      const next = new Set(was);
      if (isOpen) next.add(key);
      else next.delete(key);
      return next;
    });
  };
  const redeem = v.howToRedeem;
  const usable = v.statusCode === 'READY_TO_REDEEM' || v.statusCode === 'BOOKED';
  const refundable = canRefund(v.statusCode, v.refundableUntil, new Date());
  const windowOpen = new Date().getTime() <= new Date(v.refundableUntil).getTime();
  const until = <time dateTime={v.refundableUntil}>{formatDate(v.refundableUntil)}</time>;

  const body: Record<SectionKey, ReactNode> = {
    redeem: (
      <>
        <p className="voucher-help__lead">{redeem.title}</p>
        <ol className="voucher-help__steps">
          {redeem.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {!usable ? <p className="voucher-help__note">This voucher can no longer be redeemed.</p> : null}
        {v.deal ? (
          <p>
            <Link to={v.deal.url}>The deal’s details and fine print</Link>
          </p>
        ) : null}
      </>
    ),
    progress: open.has('progress') ? (
      <Suspense fallback={<p className="voucher-help__loading">Loading the history…</p>}>
        <VoucherHistory voucherId={v.id} />
      </Suspense>
    ) : null,
    gifting: v.giftReceived ? (
      <p>This voucher was a gift to you: it is yours to use. You can also gift it on with “Gift this voucher”.</p>
    ) : v.recipientName ? (
      <p>
        This voucher is an e-gift for <strong>{v.recipientName}</strong>. We emailed it to them with its code.
      </p>
    ) : (
      <p>You bought this voucher for yourself. To give a voucher as a gift, choose a gift option for it in your basket before you pay.</p>
    ),
    return: (
      <>
        {v.giftReceived ? (
          <p>{GIFT_WORDS.received}</p>
        ) : refundable ? (
          <p>
            You can refund this voucher until {until}, as long as it has not been used: press Refund on the voucher. The money goes back to the payment method you paid
            with, or to your Thistle Deals wallet if you choose wallet credit instead.
          </p>
        ) : v.statusCode === 'REFUNDED' ? (
          <p>This voucher has been refunded. Its history shows when.</p>
        ) : windowOpen ? (
          <p>A voucher can be refunded only while it is ready to redeem, within 14 days of purchase (for this one, until {until}).</p>
        ) : (
          <p>
            The 14-day refund window for this voucher ended on {until}. If the merchant cannot honour it, we will refund you in full or give you the same amount as wallet
            credit: email <a href={`mailto:${CUSTOMER_CARE_EMAIL}`}>{CUSTOMER_CARE_EMAIL}</a> with your order number, {v.orderNumber}.
          </p>
        )}
        <p>
          Returning goods sent by post? Email <a href={`mailto:${CUSTOMER_CARE_EMAIL}`}>{CUSTOMER_CARE_EMAIL}</a> with your order number, {v.orderNumber}, and we will arrange
          the return.
        </p>
        <p>
          <Link to="/page/e-commerceterms#refunds">How refunds work</Link>
        </p>
      </>
    ),
    help: (
      <>
        <p>
          Email our customer-care team at <a href={`mailto:${CUSTOMER_CARE_EMAIL}`}>{CUSTOMER_CARE_EMAIL}</a> with your order number, {v.orderNumber}. We aim to
          reply within 2 working days.
        </p>
        <p>
          <Link to="/page/e-commerceterms">Our e-commerce terms</Link>
        </p>
      </>
    ),
  };

  return (
    // The panel's own key is `closed`: what its closing reports.
    <details className="voucher-help" data-help-event="closed">
      <summary className="voucher-help__summary">Help with this voucher</summary>
      <div className="voucher-help__sections">
        {HELP_SECTIONS.map(({ key, title }) => (
          <details key={key} className="voucher-help__section" data-help-event={key} onToggle={toggle(key)}>
            <summary className="voucher-help__section-summary">{title}</summary>
            <div className="voucher-help__section-body">{body[key]}</div>
          </details>
        ))}
      </div>
    </details>
  );
}
