/**
 * The seeded address table, generated deterministically (a fixed-seed PRNG, no clock, no
 * network): for every street of seed/streets.ts one or two postcodes of its district, and at
 * each postcode a handful of numbered buildings, some divided into flats written the local way
 * (Glasgow "Flat 1/2", Edinburgh "2F1", Aberdeen "Flat B").
 */
import { createHash } from 'node:crypto';
import { mulberry32 } from '@shop/platform/random';
import { AREAS } from './streets.ts';

export interface SeedAddress {
  moniker: string;
  line1: string;
  line2: string | null;
  town: string;
  county: string;
  postcode: string;
  /** House number, for ordering. */
  number: number;
}

// Royal Mail never uses C, I, K, M, O, V in the last two letters of a postcode.
const UNIT_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';


/** The stable, opaque key of an address: the same address always gets the same moniker. */
export function monikerOf(a: Pick<SeedAddress, 'line1' | 'line2' | 'town' | 'postcode'>): string {
  return `gb${createHash('sha256').update([a.line1, a.line2 ?? '', a.town, a.postcode].join('|')).digest('base64url').slice(0, 22)}`;
}

function flatName(town: string, n: number): string {
  if (town === 'Glasgow') return `Flat ${1 + Math.floor(n / 2)}/${1 + (n % 2)}`;
  if (town === 'Edinburgh') return `${1 + Math.floor(n / 2)}F${1 + (n % 2)}`;
  return `Flat ${'ABCD'[n % 4]}`;
}

export function generateAddresses(seed = 20_261_122): SeedAddress[] {
  const rnd = mulberry32(seed);
  const pick = (s: string) => s[Math.floor(rnd() * s.length)]!;
  const out: SeedAddress[] = [];
  const usedPostcodes = new Set<string>();
  for (const area of AREAS) {
    for (const [district, streets] of Object.entries(area.districts)) {
      for (const street of streets) {
        const postcodes = 1 + Math.floor(rnd() * 2);
        let number = 1 + Math.floor(rnd() * 20);
        for (let p = 0; p < postcodes; p++) {
          let postcode: string;
          do postcode = `${district} ${Math.floor(rnd() * 10)}${pick(UNIT_LETTERS)}${pick(UNIT_LETTERS)}`;
          while (usedPostcodes.has(postcode));
          usedPostcodes.add(postcode);
          const buildings = 2 + Math.floor(rnd() * 3);
          for (let b = 0; b < buildings; b++) {
            const streetLine = `${number} ${street}`;
            const flats = rnd() < 0.25 ? 2 + Math.floor(rnd() * 3) : 0;
            if (flats === 0) out.push(address(streetLine, null, area, postcode, number));
            for (let f = 0; f < flats; f++) out.push(address(flatName(area.town, f), streetLine, area, postcode, number));
            number += 1 + Math.floor(rnd() * 3) * 2;
          }
        }
      }
    }
  }
  return out;
}

function address(line1: string, line2: string | null, area: { town: string; county: string }, postcode: string, number: number): SeedAddress {
  const a = { line1, line2, town: area.town, county: area.county, postcode, number };
  return { ...a, moniker: monikerOf(a) };
}

export const SEED_ADDRESSES: readonly SeedAddress[] = generateAddresses();
