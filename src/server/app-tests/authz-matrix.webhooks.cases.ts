/**
 * Matrix cases of webhooks (issue 18, decision record 0243): admins manage every subscription, a customer their
 * company's (another company's is a 404), other staff none. Nothing changes: reads, invalid bodies (400) and missing
 * rows (404). Two subscriptions are seeded for the matrix: one of the customer's company, one of another company.
 */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '@tests/helpers/test-app';
import { EMPTY, MISSING, type Case, type Expect } from './authz-matrix.rows';

/** Admins and the customer (of the row's company): `s`; other staff 403. */
const MANAGERS = (s: number): Expect => ({ anonymous: 401, customer: s, export: 403, import: 403, admin: s });
/** Another company's subscription: the admin `s`, the customer 404. */
const ADMIN_OR_404 = (s: number): Expect => ({ anonymous: 401, customer: 404, export: 403, import: 403, admin: s });

/** The matrix's two subscriptions (written before its fingerprint is taken). */
export async function seedWebhookIds(db: TestApp['db'], ownCompany: string, otherCompany: string): Promise<{ ownWebhook: string; otherWebhook: string }> {
  const insert = async (company: string) =>
    (await db.execute<{ id: string }>(sql`
      insert into webhook_subscriptions (company_id, url, events, secret, secret_hint)
      values (${company}, 'https://hooks.example.com/cargodesk', '{status_changed}', 'whsec_bWF0cml4LW1hdHJpeC1tYXRyaXgtbWF0cml4LW1hdHJpeA==', 'eA==')
      returning id`)).rows[0]!.id;
  return { ownWebhook: await insert(ownCompany), otherWebhook: await insert(otherCompany) };
}

export const WEBHOOK_CASES: Record<string, Case[]> = {
  'GET /api/webhooks': [
    {
      path: () => '/api/webhooks',
      expect: MANAGERS(200),
      customerCheck: async (res, x) => {
        const rows = ((await res.json()) as { rows: { company_id: string | null }[] }).rows;
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.company_id).toBe(x.ownCompany);
      },
    },
  ],
  'POST /api/webhooks': [{ label: 'empty body', path: () => '/api/webhooks', body: EMPTY, expect: MANAGERS(400) }],
  'GET /api/webhooks/:id': [
    { label: 'own company', path: (x) => `/api/webhooks/${x.ownWebhook}`, expect: MANAGERS(200) },
    { label: 'other company', path: (x) => `/api/webhooks/${x.otherWebhook}`, expect: ADMIN_OR_404(200) },
    { label: 'missing', path: () => `/api/webhooks/${MISSING()}`, expect: MANAGERS(404) },
  ],
  'PATCH /api/webhooks/:id': [
    { label: 'own company, empty body', path: (x) => `/api/webhooks/${x.ownWebhook}`, body: EMPTY, expect: MANAGERS(400) },
    { label: 'other company, status unchanged', path: (x) => `/api/webhooks/${x.otherWebhook}`, body: () => ({ status: 'active' }), expect: ADMIN_OR_404(200) },
    { label: 'missing', path: () => `/api/webhooks/${MISSING()}`, body: () => ({ status: 'paused' }), expect: MANAGERS(404) },
  ],
  'DELETE /api/webhooks/:id': [
    { label: 'missing', path: () => `/api/webhooks/${MISSING()}`, expect: MANAGERS(404) },
  ],
  'POST /api/webhooks/:id/secret': [
    { label: 'missing', path: () => `/api/webhooks/${MISSING()}/secret`, body: EMPTY, expect: MANAGERS(404) },
  ],
  'GET /api/webhooks/:id/deliveries': [
    { label: 'own company', path: (x) => `/api/webhooks/${x.ownWebhook}/deliveries`, expect: MANAGERS(200) },
    { label: 'other company', path: (x) => `/api/webhooks/${x.otherWebhook}/deliveries`, expect: ADMIN_OR_404(200) },
  ],
  'POST /api/webhooks/:id/deliveries/:deliveryId/replay': [
    { label: 'own company, missing delivery', path: (x) => `/api/webhooks/${x.ownWebhook}/deliveries/${MISSING()}/replay`, body: EMPTY, expect: MANAGERS(404) },
    { label: 'other company', path: (x) => `/api/webhooks/${x.otherWebhook}/deliveries/${MISSING()}/replay`, body: EMPTY, expect: ADMIN_OR_404(404) },
  ],
};
