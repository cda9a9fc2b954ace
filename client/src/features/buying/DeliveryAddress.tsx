import { useId } from 'react';
import { fieldId } from '../../ui/form-errors.ts';
import { AddressFinder } from './AddressFinder.tsx';
import { SmallField } from './BasketLines.tsx';

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
  const set = (key: keyof AddressValue) => (v: string) => onChange({ ...value, [key]: v });
  return (
    <fieldset className="choices delivery">
      <legend className="form-legend">Delivery address</legend>
      <p className="form-hint">Your goods, gift pack or posted gift card are posted here.</p>
      <AddressFinder
        id={id}
        label="Find your address by postcode"
        onFound={(a) => onChange({ name: value.name, line1: a.line1, line2: a.line2 ?? '', town: a.town, county: a.county ?? '', postcode: a.postcode })}
      />
      <SmallField id={fieldId('address.name')} label="Full name" value={value.name} onChange={set('name')} error={errors('address.name')} autoComplete="shipping name" />
      <SmallField id={fieldId('address.line1')} label="Address line 1" value={value.line1} onChange={set('line1')} error={errors('address.line1')} autoComplete="shipping address-line1" />
      <SmallField id={fieldId('address.line2')} label="Address line 2 (optional)" value={value.line2} onChange={set('line2')} error={errors('address.line2')} autoComplete="shipping address-line2" />
      <SmallField id={fieldId('address.town')} label="Town or city" value={value.town} onChange={set('town')} error={errors('address.town')} autoComplete="shipping address-level2" />
      <SmallField id={fieldId('address.county')} label="County (optional)" value={value.county} onChange={set('county')} error={errors('address.county')} autoComplete="shipping address-level1" />
      <SmallField id={fieldId('address.postcode')} label="Postcode" value={value.postcode} onChange={set('postcode')} error={errors('address.postcode')} autoComplete="shipping postal-code" />
    </fieldset>
  );
}
