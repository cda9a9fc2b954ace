/**
 * Typed client of the merchants service's applications (services/merchants README "REST"),
 * parsed with the service's own contract schemas:
 *
 * - POST /applications: the "Become a merchant" form → 201 a new pending application, or 200 the
 *   email's pending one (nothing written or mailed); a 400 names each field (a ServiceError).
 * - GET /applications?status=: staff; the applications with that status, oldest first.
 * - POST /applications/{id}/approve {actorRef} and /reject {actorRef, reason}: staff; null for an
 *   unknown id; 409 APPLICATION_DECIDED (decided the other way) is a ServiceError.
 *
 * The answers carry the applicant's details: the public mutation never passes them on.
 */
import { z } from 'zod';
import { ApplicationSchema, ApprovedSchema, SubmittedSchema } from '@shop/merchants/contract';
import type { MerchantApplicationInput } from '@shop/domain/merchants';
import type { RestClient } from './rest-client.ts';

export type MerchantApplicationData = z.infer<typeof ApplicationSchema>;
export type ApprovedData = z.infer<typeof ApprovedSchema>;
const ListSchema = z.object({ applications: z.array(ApplicationSchema) });
const RejectedSchema = z.object({ created: z.boolean(), application: ApplicationSchema });

/** What the form sends: the fields as typed (the service trims and normalises them). */
export type MerchantApplicationRequest = { [K in keyof MerchantApplicationInput]: string };

export interface MerchantApplicationsClient {
  submit(input: MerchantApplicationRequest): Promise<z.infer<typeof SubmittedSchema>>;
  list(status: MerchantApplicationData['status']): Promise<MerchantApplicationData[]>;
  approve(id: string, actorRef: string): Promise<ApprovedData | null>;
  reject(id: string, actorRef: string, reason: string): Promise<z.infer<typeof RejectedSchema> | null>;
}

/** The service's ids are digits; anything else is no application (never sent on). */
const ID = /^[1-9]\d{0,17}$/;

export function createMerchantApplicationsClient(rest: RestClient): MerchantApplicationsClient {
  return {
    // The body holds an email: the logged path has none.
    submit: (input) => rest.post('/applications', input, SubmittedSchema),
    list: async (status) => (await rest.get(`/applications?status=${status}`, ListSchema)).applications,
    approve: (id, actorRef) => (ID.test(id) ? rest.post(`/applications/${id}/approve`, { actorRef }, ApprovedSchema, { nullOn404: true }) : Promise.resolve(null)),
    reject: (id, actorRef, reason) => (ID.test(id) ? rest.post(`/applications/${id}/reject`, { actorRef, reason }, RejectedSchema, { nullOn404: true }) : Promise.resolve(null)),
  };
}
