import { useEffect, useRef, useState } from 'react';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { InputRowField } from '../../ui/Field.tsx';
import { reportClientError } from '../../errors/report.ts';
import { useAddressLookup, type FoundAddress } from './address-lookup.ts';

/**
 * The postcode lookup (spec §7 address service) of every address form — the checkout's delivery
 * address, the "Become a merchant" form: type a postcode, Enter or "Find address", then choose one
 * of the addresses found (the list takes the focus) to fill the form; or type the address.
 */
export function AddressFinder({
  id,
  label,
  emptyMessage = BUYING_MESSAGES.postcode,
  autoComplete = 'postal-code',
  onFound,
}: {
  id: string;
  label: string;
  /** Said when "Find address" is pressed with no postcode. */
  emptyMessage?: string;
  autoComplete?: string;
  onFound: (address: FoundAddress) => void;
}) {
  const lookupAddresses = useAddressLookup();
  const [lookup, setLookup] = useState('');
  const [found, setFound] = useState<FoundAddress[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (found && found.length > 0) list.current?.focus();
  }, [found]);

  async function find() {
    const postcode = lookup.trim();
    if (!postcode) return setError(emptyMessage);
    setBusy(true);
    setError(null);
    try {
      const result = await lookupAddresses(postcode);
      if (result.ok) {
        setFound(result.addresses);
        if (result.addresses.length === 0) setError('We could not find any addresses at that postcode. Please type your address below.');
      } else {
        setFound(null);
        setError(result.message || BUYING_MESSAGES.somethingWrong);
      }
    } catch (err) {
      reportClientError(err);
      setError(BUYING_MESSAGES.somethingWrong);
    }
    setBusy(false);
  }

  return (
    <>
      <InputRowField
        id={`${id}-lookup`}
        label={label}
        error={error}
        className="input input--postcode"
        value={lookup}
        autoComplete={autoComplete}
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(e) => setLookup(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void find();
          }
        }}
        button={
          <button type="button" className="button button--secondary" aria-busy={busy || undefined} onClick={() => !busy && void find()}>
            Find address
          </button>
        }
      />
      {found && found.length > 0 ? (
        <div className="form-group">
          <label className="form-label" htmlFor={`${id}-found`}>
            Choose your address
          </label>
          <select
            id={`${id}-found`}
            ref={list}
            className="select select--wide"
            defaultValue=""
            onChange={(e) => {
              const address = found.find((f) => f.moniker === e.target.value);
              if (address) onFound(address);
            }}
          >
            <option value="" disabled>
              {found.length === 1 ? '1 address found' : `${found.length} addresses found`}
            </option>
            {found.map((a) => (
              <option key={a.moniker} value={a.moniker}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}
