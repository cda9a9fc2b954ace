import { useId, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { maskCode } from './voucher-words.ts';

/** What the QR code is, for screen readers and a pointer's tooltip. */
const QR_LABEL = 'QR code for the merchant to scan';

/**
 * A voucher's code, hidden until the shopper asks (someone looking over a shoulder, a shared
 * screen): its first group shows, the rest are dots, and "Show code" reveals it (a disclosure
 * button: aria-expanded, aria-controls). Screen readers hear "hidden" rather than the dots.
 *
 * Revealed with it, the QR code the merchant scans (issue 16 point 4, the same as the printed
 * voucher's): it carries the voucher's signed redemption link, never the code. The link is for
 * the merchant's scanner only, so it is never shown as a link; null (not the holder's, or a
 * voucher that can no longer be used): no QR code.
 */
export function VoucherCode({ code, redemptionLink }: { code: string; redemptionLink: string | null }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  const qrId = `${id}-qr`;
  return (
    <div className="voucher-code">
      <span className="voucher-code__label" id={`${id}-label`}>
        Voucher code
      </span>
      <span className="voucher-code__value" id={id} aria-labelledby={`${id}-label`} role="group">
        {shown ? (
          <code data-testid="voucher-code">{code}</code>
        ) : (
          <>
            <code aria-hidden="true">{maskCode(code)}</code>
            <span className="visually-hidden">hidden</span>
          </>
        )}
      </span>
      <button
        type="button"
        className="button button--secondary voucher-code__toggle"
        aria-expanded={shown}
        aria-controls={redemptionLink ? `${id} ${qrId}` : id}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide code' : 'Show code'}
      </button>
      {redemptionLink ? (
        <div className="voucher-code__qr" id={qrId} hidden={!shown}>
          {shown ? <QRCodeSVG value={redemptionLink} size={136} level="M" marginSize={2} title={QR_LABEL} role="img" aria-label={QR_LABEL} /> : null}
        </div>
      ) : null}
    </div>
  );
}
