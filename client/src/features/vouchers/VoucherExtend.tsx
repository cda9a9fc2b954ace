import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { extensionOptions } from '@shop/domain/voucher-extension';
import type { VoucherExtend_voucher$key } from '../../__generated__/VoucherExtend_voucher.graphql';

/** The validity extension page of a voucher (spec §2 page type extendLanding). */
const voucherExtendPath = (voucherId: string) => `/voucher/extend/${encodeURIComponent(voucherId)}`;

/**
 * "Extend validity" (issue 16 point 7) on a voucher that can still be extended: Ready to Redeem,
 * in date, less than 3 months added (the shared rule of @shop/domain/voucher-extension; the
 * service decides again). It links to the voucher's extension page, where the months are chosen
 * and paid; nothing is chosen here.
 */
export function VoucherExtend({ voucher }: { voucher: VoucherExtend_voucher$key }) {
  const v = useFragment(
    graphql`
      fragment VoucherExtend_voucher on Voucher {
        id
        status
        expiresAt
        extendedMonths
      }
    `,
    voucher,
  );
  const { refusal } = extensionOptions({ status: v.status, expiresAt: v.expiresAt ? new Date(v.expiresAt) : null, extendedMonths: v.extendedMonths }, new Date());
  if (refusal) return null;
  return (
    <Link className="button button--secondary voucher-card__action" to={voucherExtendPath(v.id)}>
      Extend validity
    </Link>
  );
}
