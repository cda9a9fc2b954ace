import type { OpenAPIHono } from '@hono/zod-openapi';
import type { UsersDeps } from '../lib/deps.ts';
import { fail, invalid } from '../lib/http.ts';
import { createStaffKey, listStaffKeys, revokeStaffKey, StaffKeyNameTaken, verifyStaffKey, type StaffKeyRow } from '../store/staff-keys.ts';
import * as routes from './staff-keys.routes.ts';

const info = (k: StaffKeyRow) => ({ name: k.name, prefix: k.prefix, createdAt: k.createdAt.toISOString(), revokedAt: k.revokedAt?.toISOString() ?? null });

export function registerStaffKeyRoutes(app: OpenAPIHono, deps: UsersDeps): void {
  const { db } = deps;

  app.openapi(
    routes.createKey,
    async (c) => {
      const { name } = c.req.valid('json');
      try {
        const created = await createStaffKey(db, name, deps.now());
        return c.json({ data: { ...info(created), key: created.key } }, 201);
      } catch (error) {
        if (error instanceof StaffKeyNameTaken) return invalid(c, [{ field: 'name', message: 'This name already has a live key: revoke it first, or choose another name.' }]);
        throw error;
      }
    },
  );

  app.openapi(
    routes.revokeKey,
    async (c) => {
      const revoked = await revokeStaffKey(db, c.req.valid('json').name, deps.now());
      if (!revoked) return fail(c, 404, 'NOT_FOUND');
      return c.json({ data: info(revoked) }, 200);
    },
  );

  app.openapi(routes.listKeys, async (c) => c.json({ data: (await listStaffKeys(db)).map(info) }, 200));

  app.openapi(
    routes.verifyKey,
    async (c) => {
      const name = await verifyStaffKey(db, c.req.valid('json').key);
      return c.json({ data: { valid: name !== null, name } }, 200);
    },
  );
}
