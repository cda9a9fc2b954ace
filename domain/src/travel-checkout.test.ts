import { describe, expect, it } from 'vitest';
import { travelLineValid, travelValidity, type TravelLine } from './travel-checkout.ts';

const today = '2026-11-22';
const line = (checkInDate: string | null, checkOutDate: string | null, isTravel = true): TravelLine => ({ isTravel, checkInDate, checkOutDate });

describe('travel checkout rule (spec §3 isTravel, isTravelValid)', () => {
  it.each([
    ['open-dated travel voucher', line(null, null), true],
    ['stay from tomorrow', line('2026-11-23', '2026-11-25'), true],
    ['stay starting today (check-in day begun)', line('2026-11-22', '2026-11-24'), false],
    ['stay in the past', line('2026-11-01', '2026-11-03'), false],
    ['check-out before check-in', line('2026-12-05', '2026-12-04'), false],
    ['check-out on check-in day', line('2026-12-05', '2026-12-05'), false],
    ['only a check-out date, in the future', line(null, '2026-12-01'), true],
    ['only a check-out date, passed', line(null, '2026-11-20'), false],
    ['not a date', line('05/12/2026', null), false],
    ['not travel: dates are not checked', line('2020-01-01', '2019-01-01', false), true],
  ])('%s → %s', (_label, l, valid) => {
    expect(travelLineValid(l, today)).toBe(valid);
  });

  it('isTravel when any line is travel; valid only when every travel line is', () => {
    expect(travelValidity([], today)).toEqual({ isTravel: false, isTravelValid: true });
    expect(travelValidity([line(null, null, false)], today)).toEqual({ isTravel: false, isTravelValid: true });
    expect(travelValidity([line(null, null, false), line('2026-12-01', '2026-12-03')], today)).toEqual({ isTravel: true, isTravelValid: true });
    expect(travelValidity([line('2026-12-01', '2026-12-03'), line('2026-11-01', '2026-11-03')], today)).toEqual({ isTravel: true, isTravelValid: false });
  });
});
