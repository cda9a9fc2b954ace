import { graphql, useFragment } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { useActionPanel } from './action-panel.ts';
import { ActionPanel } from './ActionPanel.tsx';
import { useExchangeVoucherForCreditMutation } from './VoucherMutations.ts';
import { canExchange, CREDIT_WORDS } from './voucher-words.ts';
import type { VoucherCredit_voucher$key } from '../../__generated__/VoucherCredit_voucher.graphql';

/**
 * Credit towards another deal (issue 16 point 5; spec §3 Credit Requested → Request Processed):
 * what the refund panel offers once the 14-day window has closed, for a voucher still unused and
 * in date. Two clicks like the refund: "Exchange for credit" opens the panel that says what
 * happens, "Confirm exchange" makes it; the answer's voucher updates the card by id, and
 * `onDone` gets the words of where the money went (VoucherRefund shows them).
 */
export function VoucherCredit({ voucher, onDone }: { voucher: VoucherCredit_voucher$key; onDone: (message: string) => void }) {
  const v = useFragment(
    graphql`
      fragment VoucherCredit_voucher on Voucher {
        id
        statusCode
        expiresAt
        giftReceived
        paid {
          formatted
        }
      }
    `,
    voucher,
  );
  const [exchange] = useExchangeVoucherForCreditMutation();
  const panel = useActionPanel();
  // A gift received: its money is the giver's (VoucherRefund says so).
  if (v.giftReceived || !v.paid || !canExchange(v.statusCode, v.expiresAt ?? null, new Date())) return null;

  async function confirm() {
    const result = await panel.send(() => exchange({ input: { voucherId: v.id } }), CREDIT_WORDS.unreachable);
    if (!result) return;
    if (result.__typename === 'VoucherCredited') {
      // The card moves on to Request Processed (this offer goes); the refund panel says where the money went.
      onDone(CREDIT_WORDS.done(result.credit.formatted));
      return;
    }
    panel.form.show([{ field: null, message: result.message || BUYING_MESSAGES.somethingWrong }]);
  }

  return (
    <>
      <p className="voucher-refund__closed">{CREDIT_WORDS.offer(v.paid.formatted)}</p>
      <button {...panel.toggle}>{CREDIT_WORDS.open}</button>
      {panel.open ? (
        <ActionPanel panel={panel} words={CREDIT_WORDS} onConfirm={() => void confirm()}>
          <p>{CREDIT_WORDS.explain(v.paid.formatted)}</p>
        </ActionPanel>
      ) : null}
    </>
  );
}
