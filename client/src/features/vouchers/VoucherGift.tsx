import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { giftSendAfter, giftSendOnInWords } from '@shop/domain/gift-send-date';
import { formatDate } from '../../lib/text.ts';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { SubmitButton, TextField } from '../../ui/Field.tsx';
import { GIFT_WORDS } from '../gifts/gift-words.ts';
import { useGiftVoucherMutation } from '../gifts/GiftMutations.ts';
import '../gifts/gifts.css';
import { useActionPanel } from './action-panel.ts';
import type { VoucherGift_voucher$key } from '../../__generated__/VoucherGift_voucher.graphql';

/**
 * "Gift this voucher" (issue 16 point 8; spec §7 /gift/create): the holder of an unused voucher
 * sends it to someone by email, with a message. The recipient gets a claim link; the voucher stays
 * here, marked "Gift sent, not yet claimed", until they claim it (then it is theirs, and "Gifts
 * you sent" on this page says who claimed it and when). A disclosure: the button opens the form,
 * focus moves into it, Cancel brings focus back.
 */
export function VoucherGift({ voucher }: { voucher: VoucherGift_voucher$key }) {
  const v = useFragment(
    graphql`
      fragment VoucherGift_voucher on Voucher {
        id
        statusCode
        expiresAt
        gift {
          recipientName
          sentAt
          sendOn
        }
      }
    `,
    voucher,
  );
  const [giftVoucher] = useGiftVoucherMutation();
  const panel = useActionPanel();
  const { uid, form, busy } = panel;
  const [sent, setSent] = useState<string | null>(null);
  const [fields, setFields] = useState({ name: '', email: '', message: '' });

  if (v.gift) {
    return (
      <p className="voucher-gift__state" role={sent ? 'status' : undefined}>
        {sent ??
          (v.gift.sendOn && giftSendAfter(v.gift.sendOn, new Date())
            ? `Gift for ${v.gift.recipientName}: we email it to them on ${giftSendOnInWords(v.gift.sendOn)}.`
            : `Gift sent to ${v.gift.recipientName} on ${formatDate(v.gift.sentAt)}, not yet claimed.`)}
      </p>
    );
  }
  const usable = v.statusCode === 'READY_TO_REDEEM' && (!v.expiresAt || new Date(v.expiresAt).getTime() > new Date().getTime());
  if (!usable) return null;

  const name = `${uid}-name`;
  const email = `${uid}-email`;
  const message = `${uid}-message`;
  const fieldOf = (f: string | null) => (f === 'recipient.name' ? name : f === 'recipient.email' ? email : f === 'recipient.message' ? message : null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const missing = [
      ...(fields.name.trim() ? [] : [{ field: name, message: "Enter the recipient's name." }]),
      ...(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email.trim()) ? [] : [{ field: email, message: "Enter the recipient's email address." }]),
    ];
    if (missing.length) return form.show(missing);
    const recipient = { name: fields.name.trim(), email: fields.email.trim(), message: fields.message.trim() || null };
    const answer = await panel.send(() => giftVoucher({ input: { voucherId: v.id, recipient } }), GIFT_WORDS.unreachable);
    if (!answer) return;
    if (answer.__typename === 'VoucherGifted') {
      setSent(`Gift sent: we have emailed ${answer.recipientName} (${answer.recipientEmail}) a link to claim it. Gift sent, not yet claimed.`);
      panel.setOpen(false);
      return;
    }
    form.show([{ field: fieldOf(answer.field ?? null), message: answer.message || GIFT_WORDS.notFound }]);
  }

  return (
    <>
      {/* Closing by the toggle keeps what the form said; Cancel clears it. */}
      <button {...panel.toggle} onClick={() => panel.setOpen(!panel.open)}>
        Gift this voucher
      </button>
      {panel.open ? (
        <form id={panel.panelId} className="voucher-gift" aria-labelledby={panel.titleId} noValidate onSubmit={(e) => void onSubmit(e)}>
          <h3 {...panel.heading}>
            Gift this voucher
          </h3>
          <p>We will email them a link to claim it into their own account. They will not see what you paid.</p>
          <ErrorSummary errors={form.errors} attempt={form.attempt} fields={{ [name]: "Recipient's name", [email]: "Recipient's email", [message]: 'Message' }} title="The gift was not sent" headingLevel={4} />
          <TextField name={name} label="Recipient's name" autoComplete="off" value={fields.name} onChange={(e) => setFields({ ...fields, name: e.target.value })} errors={form.of(name)} />
          <TextField name={email} label="Recipient's email" type="email" autoComplete="off" value={fields.email} onChange={(e) => setFields({ ...fields, email: e.target.value })} errors={form.of(email)} />
          <TextField name={message} label="Message (optional)" maxLength={500} value={fields.message} onChange={(e) => setFields({ ...fields, message: e.target.value })} errors={form.of(message)} />
          <div className="voucher-gift__buttons">
            <SubmitButton busy={busy} busyLabel="Sending…">
              Send gift
            </SubmitButton>{' '}
            <button type="button" className="button button--secondary" onClick={panel.close}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}
