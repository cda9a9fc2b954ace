import { graphql, useFragment } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { useActionPanel } from './action-panel.ts';
import { ActionPanel, DoneMessage } from './ActionPanel.tsx';
import { useTakeExpiredVoucherCreditMutation } from './VoucherMutations.ts';
import { EXPIRED_CREDIT_WORDS } from './voucher-words.ts';
import type { VoucherExpiredCredit_voucher$key } from '../../__generated__/VoucherExpiredCredit_voucher.graphql';

/**
 * An expired voucher's paid value as wallet credit (spec §9 "Expired voucher credit is valid 14
 * days"): offered on the card while the gateway offers it (Voucher.expiredCredit: Expired, or past
 * its date, and not a gift received), with a line saying until when the credit would be valid.
 * Two clicks like the exchange for credit: "Take £… as wallet credit" opens the panel that says
 * what happens, "Confirm" takes it; the answer's voucher updates the card by id (Request
 * Processed), and the panel gives way to where the money went and until when it can be spent.
 */
export function VoucherExpiredCredit({ voucher }: { voucher: VoucherExpiredCredit_voucher$key }) {
  const v = useFragment(
    graphql`
      fragment VoucherExpiredCredit_voucher on Voucher {
        id
        expiredCredit {
          amount {
            formatted
          }
          validUntil
        }
      }
    `,
    voucher,
  );
  const [takeCredit] = useTakeExpiredVoucherCreditMutation();
  const panel = useActionPanel();

  if (panel.done) return <DoneMessage panel={panel} />;
  const offer = v.expiredCredit;
  if (!offer) return null;

  async function confirm() {
    const result = await panel.send(() => takeCredit({ input: { voucherId: v.id } }), EXPIRED_CREDIT_WORDS.unreachable);
    if (!result) return;
    if (result.__typename === 'ExpiredVoucherCreditTaken') {
      panel.setDone(EXPIRED_CREDIT_WORDS.done(result.credit.formatted, result.validUntil));
      return;
    }
    panel.form.show([{ field: null, message: result.message || BUYING_MESSAGES.somethingWrong }]);
  }

  const validityId = `${panel.uid}-validity`;
  return (
    <>
      <button {...panel.toggle} aria-describedby={validityId}>
        {EXPIRED_CREDIT_WORDS.open(offer.amount.formatted)}
      </button>
      <p id={validityId} className="voucher-refund__closed">
        {EXPIRED_CREDIT_WORDS.validity(offer.validUntil)}
      </p>
      {panel.open ? (
        <ActionPanel panel={panel} words={EXPIRED_CREDIT_WORDS} onConfirm={() => void confirm()}>
          <p>{EXPIRED_CREDIT_WORDS.explain(offer.amount.formatted, offer.validUntil)}</p>
        </ActionPanel>
      ) : null}
    </>
  );
}
