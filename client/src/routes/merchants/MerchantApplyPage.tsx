import { Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router';
import { allFieldErrors } from '@shop/domain';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { merchantApplicationSchema, MERCHANT_CITIES, type MerchantCity, type MerchantType } from '@shop/domain/merchants';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { reportClientError } from '../../errors/report.ts';
import { AddressFinder } from '../../features/buying/AddressFinder.tsx';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { ErrorMessage, FormGroup, SubmitButton, TextField } from '../../ui/Field.tsx';
import { errorTitle, fieldId, useFormErrors } from '../../ui/form-errors.ts';
import { Main } from '../../ui/Main.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { useApplyAsMerchant } from './MerchantApplyMutation.ts';
// The select and the postcode row are the checkout's controls (its address lookup is reused here).
import '../../features/buying/buying.css';
import './merchant-apply.css';
import type { MerchantApplyPageQuery } from '../../__generated__/MerchantApplyPageQuery.graphql';
import type { MerchantApplyPage_categories$key } from '../../__generated__/MerchantApplyPage_categories.graphql';
import type { MerchantCity as MerchantCityEnum, MerchantType as MerchantTypeEnum } from '../../__generated__/MerchantApplyMutationApplyMutation.graphql';

const BUSINESS_FAQ_PATH = '/page/businessfaq';
const TITLE = 'Become a merchant';

/** The form's fields by their labels, in the form's order (the error summary's links). */
const FIELDS = {
  businessName: 'Business name',
  contactName: 'Your name',
  email: 'Email address',
  phone: 'Phone number',
  addressLine: 'Address',
  postcode: 'Postcode',
  category: 'Category',
  city: 'Where you trade',
  type: 'Type of business',
} as const;
type Field = keyof typeof FIELDS;
type Values = Record<Field, string>;
const EMPTY: Values = { businessName: '', contactName: '', email: '', phone: '', addressLine: '', postcode: '', category: '', city: '', type: '' };

const CITY_LABELS: Record<MerchantCity, string> = { Glasgow: 'Glasgow', Edinburgh: 'Edinburgh', Aberdeen: 'Aberdeen', national: 'Across the UK (national)' };
const TYPE_LABELS: Record<MerchantType, string> = { local: 'Local business (restaurant, spa, activity)', shop: 'Shop (goods sent by post)', travel: 'Travel (hotels, breaks, holidays)' };

/**
 * /merchant/apply (page type 'other' in the shop's header-and-footer layout: spec §2 has no page
 * type for it): "Become a merchant". The fields are checked here with the merchants service's own
 * rules (domain merchantApplicationSchema) and again by the service; the address comes from the
 * checkout's postcode lookup or is typed. Sent, a confirmation panel takes focus; it says the same
 * whether or not this email had applied before.
 */
export function Component() {
  const [done, setDone] = useState<string | null>(null);
  const [hasErrors, setHasErrors] = useState(false);
  return (
    <Main>
      <div className="container merchant-apply">
        <Seo title={errorTitle(TITLE, hasErrors)} description="Feature your business on Thistle Deals: tell us about it and we will be in touch." />
        <header className="page-header">
          <PageHeading>{TITLE}</PageHeading>
        </header>
        {done ? (
          <Notice title={done} variant="success" focus>
            <p>We have sent you a confirmation. We will be in touch once we have looked at your application.</p>
            <p>
              <Link to={BUSINESS_FAQ_PATH}>Read our Business FAQ</Link> while you wait.
            </p>
          </Notice>
        ) : (
          <>
            <div className="merchant-apply__intro">
              <p>Tell us about your business and we will be in touch about featuring your deals.</p>
              <p>
                Questions first? See our <Link to={BUSINESS_FAQ_PATH}>Business FAQ</Link>.
              </p>
            </div>
            <Suspense fallback={<PageSkeleton />}>
              <ApplyFormWithCategories onDone={setDone} onErrors={setHasErrors} />
            </Suspense>
          </>
        )}
      </div>
    </Main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

/** The categories come from the shop's navigation (every location's top-level categories). */
function ApplyFormWithCategories(props: { onDone: (message: string) => void; onErrors: (shown: boolean) => void }) {
  const data = useLazyLoadQuery<MerchantApplyPageQuery>(
    graphql`
      query MerchantApplyPageQuery {
        ...MerchantApplyPage_categories
      }
    `,
    {},
  );
  return <ApplyForm categoriesRef={data} {...props} />;
}

function ApplyForm({ categoriesRef, onDone, onErrors }: { categoriesRef: MerchantApplyPage_categories$key; onDone: (message: string) => void; onErrors: (shown: boolean) => void }) {
  const { locations } = useFragment(
    graphql`
      fragment MerchantApplyPage_categories on Query {
        locations {
          navigation {
            linkText
            url
          }
        }
      }
    `,
    categoriesRef,
  );
  // The top-level categories of every location (/deals/{location}/{category}), each once.
  const categories = new Map<string, string>();
  for (const location of locations) {
    for (const item of location.navigation) {
      const slug = item.url.split('/').filter(Boolean)[2];
      if (slug && !categories.has(slug)) categories.set(slug, item.linkText);
    }
  }
  const [values, setValues] = useState<Values>(EMPTY);
  const errors = useFormErrors();
  const [apply, busy] = useApplyAsMerchant();
  useEffect(() => onErrors(errors.errors.length > 0), [errors.errors.length, onErrors]);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (value.trim()) errors.dismiss([field]);
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const checked = merchantApplicationSchema.safeParse(values);
    if (!checked.success) return errors.show(firstPerField(allFieldErrors(checked.error)));
    try {
      const answer = await apply({ input: { ...values, city: values.city.toUpperCase() as MerchantCityEnum, type: values.type.toUpperCase() as MerchantTypeEnum } });
      if (answer.ok) onDone(answer.message);
      else errors.show(firstPerField(answer.errors));
    } catch (error) {
      reportClientError(error);
      errors.show([{ field: null, message: BUYING_MESSAGES.somethingWrong }]);
    }
  }

  const text = (field: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={field} label={FIELDS[field]} value={values[field]} onChange={(e) => set(field)(e.target.value)} errors={errors.of(field)} {...extra} />
  );
  return (
    <form className="merchant-apply__form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <ErrorSummary errors={errors.errors} attempt={errors.attempt} fields={FIELDS} />
      {text('businessName', { autoComplete: 'organization' })}
      {text('contactName', { autoComplete: 'name' })}
      {text('email', { type: 'email', autoComplete: 'email', spellCheck: false, autoCapitalize: 'none' })}
      {text('phone', { type: 'tel', autoComplete: 'tel', hint: 'A UK number, for example 0141 496 0123.' })}
      <div className="merchant-apply__finder">
        <AddressFinder
          id="merchant-address"
          label="Find your business address by postcode"
          emptyMessage="Enter a postcode"
          autoComplete="off"
          onFound={(a) => {
            setValues((v) => ({ ...v, addressLine: [a.line1, a.line2, a.town].filter(Boolean).join(', '), postcode: a.postcode }));
            errors.dismiss(['addressLine', 'postcode']);
          }}
        />
      </div>
      {text('addressLine', { autoComplete: 'street-address', hint: 'The street address of your business: house number, street and town.' })}
      {text('postcode', { autoComplete: 'postal-code', autoCapitalize: 'characters', spellCheck: false, className: 'input--postcode' })}
      <SelectField name="category" errors={errors.of('category')} value={values.category} onChange={set('category')} placeholder="Choose a category">
        {[...categories].map(([slug, label]) => (
          <option key={slug} value={slug}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField name="city" errors={errors.of('city')} value={values.city} onChange={set('city')} placeholder="Choose where you trade">
        {MERCHANT_CITIES.map((city) => (
          <option key={city} value={city}>
            {CITY_LABELS[city]}
          </option>
        ))}
      </SelectField>
      <SelectField name="type" errors={errors.of('type')} value={values.type} onChange={set('type')} placeholder="Choose a type">
        {(Object.keys(TYPE_LABELS) as MerchantType[]).map((type) => (
          <option key={type} value={type}>
            {TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <SubmitButton busy={busy} busyLabel="Sending…">
        Send my application
      </SubmitButton>
    </form>
  );
}

/** One message a field (an empty email is "Required field", not that and "Enter a valid email" too). */
function firstPerField<T extends { field: string | null }>(errors: readonly T[]): T[] {
  const seen = new Set<string>();
  return errors.filter((e) => e.field === null || (!seen.has(e.field) && Boolean(seen.add(e.field))));
}

/** A labelled select of the form with its inline errors; its first option asks for a choice. */
function SelectField({ name, value, onChange, errors, placeholder, children }: { name: Field; value: string; onChange: (value: string) => void; errors: readonly string[]; placeholder: string; children: ReactNode }) {
  const id = fieldId(name);
  return (
    <FormGroup id={id} label={FIELDS[name]} invalid={errors.length > 0}>
      <ErrorMessage id={`${id}-error`} messages={errors} />
      <select
        id={id}
        name={name}
        className="select select--wide"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
      >
        <option value="">{placeholder}</option>
        {children}
      </select>
    </FormGroup>
  );
}
