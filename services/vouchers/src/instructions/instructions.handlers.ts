import type { OpenAPIHono } from '@hono/zod-openapi';
import { REDEEM_INSTRUCTIONS } from '@shop/domain/redeem-instructions';
import * as routes from './instructions.routes.ts';

/** Spec §7 /deal/redeem-instructions: the shop's one table of these words (domain/src/redeem-instructions.ts). */
export function registerInstructionsRoutes(app: OpenAPIHono): void {
  app.openapi(routes.getRedeemInstructions, (c) => {
    const { type } = c.req.valid('query');
    const { title, steps } = REDEEM_INSTRUCTIONS[type];
    return c.json({ type, title, steps: [...steps] }, 200);
  });
}
