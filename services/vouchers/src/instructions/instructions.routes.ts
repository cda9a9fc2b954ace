import { z } from '@hono/zod-openapi';
import { REDEEM_ILLUSTRATION_TYPES } from '@shop/domain/voucher-status';
import { commonErrors, createRoute, jsonContent } from '@shop/platform';

export const RedeemInstructionsQuerySchema = z.object({
  type: z.enum(REDEEM_ILLUSTRATION_TYPES).openapi({ param: { name: 'type', in: 'query' }, description: 'A spec §3 redeem illustration type.', example: 'callToBook' }),
});

export const RedeemInstructionsSchema = z
  .object({
    type: z.enum(REDEEM_ILLUSTRATION_TYPES),
    title: z.string().openapi({ example: 'Book with the merchant before you go' }),
    steps: z.array(z.string()).openapi({ description: 'What the shopper does, in order.' }),
  })
  .openapi('RedeemInstructions');

export const getRedeemInstructions = createRoute({
  method: 'get',
  path: '/deal/redeem-instructions',
  operationId: 'redeemInstructions',
  tags: ['Vouchers'],
  summary: 'How a voucher of a redeem illustration type is redeemed (spec §7 /deal/redeem-instructions, §3 redeem illustration types)',
  description: 'The words My Vouchers and the printed voucher show: a title and the steps. An unknown type is a 400 naming `type`.',
  request: { query: RedeemInstructionsQuerySchema },
  responses: {
    200: jsonContent(RedeemInstructionsSchema, 'The instructions.'),
    ...commonErrors({ 400: 'Bad input: errors[] names `type`.' }),
  },
});
