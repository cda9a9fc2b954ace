import { useEffect, useId, useRef, useState } from 'react';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { InputRowField } from '../../ui/Field.tsx';
import { fieldId } from '../../ui/form-errors.ts';
import { reportClientError } from '../../errors/report.ts';
import { SmallField } from './BasketLines.tsx';
import { useAddressLookup, type FoundAddress } from './address-lookup.ts';

export interface AddressValue {
  name: string;
  line1: string;
  line2: string;
  town: string;
  county: string;
  postcode: string;
}
export const EMPTY_ADDRESS: AddressValue = { name: '', line1: '', line2: '', town: '', county: '', postcode: '' };

/**
 * The delivery address for goods and gift packs (spec §7 address service): find the addresses at
 * a postcode, pick one, or type it. Its errors come from the page (`errors`, by field name).
 */
export function DeliveryAddress({ value, onChange, errors }: { value: AddressValue; onChange: (next: AddressValue) => void; errors: (field: string) => string | undefined }) {
  const id = useId();
  const lookupAddresses = useAddressLookup();
  const [lookup, setLookup] = useState('');
  const [found, setFound] = useState<FoundAddress[] | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (found && found.length > 0) list.current?.focus();
  }, [found]);

  async function find() {
    const postcode = lookup.trim();
    if (!postcode) return setLookupError(BUYING_MESSAGES.postcode);
    setBusy(true);
    setLookupError(null);
    try {
      const result = await lookupAddresses(postcode);
      if (result.ok) {
        setFound(result.addresses);
        if (result.addresses.length === 0) setLookupError('We could not find any addresses at that postcode. Please type your address below.');
      } else {
        setFound(null);
        setLookupError(result.message || BUYING_MESSAGES.somethingWrong);
      }
    } catch (error) {
      reportClientError(error);
      setLookupError(BUYING_MESSAGES.somethingWrong);
    }
    setBusy(false);
  }

  const set = (key: keyof AddressValue) => (v: string) => onChange({ ...value, [key]: v });
  const lookupId = `${id}-lookup`;
  return (
    <fieldset className="choices delivery">
      <legend className="form-legend">Delivery address</legend>
      <p className="form-hint">Your gift pack or goods are posted here.</p>
      <InputRowField
        id={lookupId}
        label="Find your address by postcode"
        error={lookupError}
        className="input input--postcode"
        value={lookup}
        autoComplete="postal-code"
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
              const a = found.find((f) => f.moniker === e.target.value);
              if (a) onChange({ name: value.name, line1: a.line1, line2: a.line2 ?? '', town: a.town, county: a.county ?? '', postcode: a.postcode });
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
      <SmallField id={fieldId('address.name')} label="Full name" value={value.name} onChange={set('name')} error={errors('address.name')} autoComplete="shipping name" />
      <SmallField id={fieldId('address.line1')} label="Address line 1" value={value.line1} onChange={set('line1')} error={errors('address.line1')} autoComplete="shipping address-line1" />
      <SmallField id={fieldId('address.line2')} label="Address line 2 (optional)" value={value.line2} onChange={set('line2')} error={errors('address.line2')} autoComplete="shipping address-line2" />
      <SmallField id={fieldId('address.town')} label="Town or city" value={value.town} onChange={set('town')} error={errors('address.town')} autoComplete="shipping address-level2" />
      <SmallField id={fieldId('address.county')} label="County (optional)" value={value.county} onChange={set('county')} error={errors('address.county')} autoComplete="shipping address-level1" />
      <SmallField id={fieldId('address.postcode')} label="Postcode" value={value.postcode} onChange={set('postcode')} error={errors('address.postcode')} autoComplete="shipping postal-code" />
    </fieldset>
  );
}
