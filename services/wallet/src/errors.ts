/** A misuse of the ledger (bad figures, a ref reused for something else): thrown, the caller's transaction must not commit. */
export class WalletError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletError';
  }
}
