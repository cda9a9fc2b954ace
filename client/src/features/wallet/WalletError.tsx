import { Notice } from '../../ui/Notice.tsx';
import { WALLET_ERROR_TEXT, WALLET_ERROR_TITLE } from './wallet-words.ts';

/** Spec §4 "A wallet error empties the wallet": a clear message and no figures at all. */
export function WalletError() {
  return (
    <Notice title={WALLET_ERROR_TITLE} variant="error" focus>
      <p>{WALLET_ERROR_TEXT}</p>
    </Notice>
  );
}
