/**
 * redeemVoucherCodes (issue 17 point 3): a member redeems a file of codes. The file is read here
 * with the domain's codesFromCsv (one code a line, or a code column; header and blank lines
 * skipped, each code with its line); at most 10,000 codes, else a ValidationError naming the file.
 * The membership first (till.ts), then one POST /redemptions/bulk: one result per code in the
 * file's order, with the lines that could not be read placed among them as UNREADABLE.
 *
 * The till's browser page sends its file to POST /insights/redemption-file (redemption-file.routes.ts),
 * which runs this same function: a file of 10,000 codes is larger than /graphql takes.
 */
import { BULK_MAX_CODES } from '@shop/vouchers/redemption/redemption.contract';
import { codesFromCsv } from '@shop/domain/redemption-csv';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import type { MutationResolvers, RedemptionLineResult } from '../__generated__/resolvers.ts';
import { check } from '../buying/inputs.ts';
import { validationError } from '../user-errors.ts';
import { isMembership, membershipOf } from './till.ts';

/** 10,000 codes of a few columns each fit well within it. */
export const CSV_MAX_CHARS = 2_000_000;

const CodesInput = z.object({
  businessId: z.string(),
  csv: z.string().max(CSV_MAX_CHARS, { error: 'This file is too large: a file of codes can have at most 10,000 codes.' }),
  fileName: z.string().max(255).nullish(),
});

export async function redeemCodesFile(ctx: GatewayContext, input: { businessId: string; csv: string; fileName?: string | null }) {
  const parsed = check(CodesInput, input);
  if (!parsed.ok) return { ...parsed.error, field: 'csv' };
  const membership = await membershipOf(ctx, parsed.data.businessId);
  if (!isMembership(membership)) return membership;
  const file = parsed.data.fileName?.trim() || 'This file';
  const { codes, errors } = codesFromCsv(parsed.data.csv);
  if (codes.length > BULK_MAX_CODES) {
    return validationError('csv', `${file} has ${codes.length.toLocaleString('en-GB')} codes: a file of codes can have at most ${BULK_MAX_CODES.toLocaleString('en-GB')}.`, 'REDEMPTION_FILE_TOO_LARGE');
  }
  if (codes.length === 0 && errors.length === 0) return validationError('csv', `${file} has no codes: put one code on each line.`);
  const answer = codes.length ? await ctx.clients.redemption.bulk(membership.till, codes) : { results: [], summary: { redeemed: 0, alreadyRedeemed: 0, notRedeemable: 0, notFound: 0 } };
  const lines = [
    ...answer.results.map((r) => ({ line: r.line, code: r.code, result: r.result.toUpperCase() as RedemptionLineResult, message: r.message, redeemedAt: r.redeemedAt ?? null })),
    ...errors.map((e) => ({ line: e.line, code: '', result: 'UNREADABLE' as const, message: e.message, redeemedAt: null })),
  ].sort((a, b) => a.line - b.line);
  return { __typename: 'VoucherCodesRedeemed' as const, lines, summary: { ...answer.summary, unreadable: errors.length } };
}

export const redeemVoucherCodes: NonNullable<MutationResolvers['redeemVoucherCodes']> = (_p, { input }, ctx) => redeemCodesFile(ctx, input);
