import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, registerSchema, subscribeSchema } from './accounts.ts';
import { EMAIL_CASES } from './email-cases.ts';
import { canonicalEmail, emailSchema, isEmail } from './email.ts';

describe('the one email rule', () => {
  it.each(EMAIL_CASES)('$address: $why', ({ address, valid }) => {
    expect(isEmail(address)).toBe(valid);
    expect(emailSchema('Enter a valid email').safeParse(address).success).toBe(valid);
  });

  it('every account form schema uses it, with the form\'s own message naming the field', () => {
    for (const { address, valid } of EMAIL_CASES) {
      if (!address.trim()) continue;
      expect(loginSchema.shape.email.safeParse(address).success, address).toBe(valid);
      expect(forgotPasswordSchema.safeParse({ email: address }).success, address).toBe(valid);
      expect(registerSchema.shape.email.safeParse(address).success, address).toBe(valid);
      expect(subscribeSchema.shape.email.safeParse(address).success, address).toBe(valid);
    }
    const refused = forgotPasswordSchema.safeParse({ email: 'buyer<b>x</b>@example.com' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]).toMatchObject({ path: ['email'], message: 'Enter a valid email' });
    expect(subscribeSchema.shape.email.safeParse('buyer<b>x</b>@example.com').error!.issues[0]!.message).toBe('Please enter a valid email');
  });
});

describe('canonicalEmail (the customer key of caps and one-per-customer promo codes)', () => {
  it.each([
    ['Ann@Example.com', 'ann@example.com'],
    ['capper+2@example.com', 'capper@example.com'],
    ['capper+a+b@example.com', 'capper@example.com'],
    ['an.n+x@example.com', 'an.n@example.com'],
    ['A.b+x@googlemail.com', 'ab@gmail.com'],
    ['a.B@gmail.com', 'ab@gmail.com'],
    ['ab@GoogleMail.com', 'ab@gmail.com'],
    ['+tag@example.com', '+tag@example.com'],
    ['  x.y+z@gmail.com ', 'xy@gmail.com'],
    ['x.y@notgmail.com', 'x.y@notgmail.com'],
  ])('%s → %s', (input, key) => {
    expect(canonicalEmail(input)).toBe(key);
  });
});
