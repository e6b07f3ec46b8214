/**
 * The authorization matrix's vocabulary (authz-matrix.api.test.ts): the roles, a case's shape, the seeded rows a
 * case may name, and the status rows named by who may pass. Shared by the files of cases.
 */
import crypto from 'node:crypto';
import type { TestApp } from '@tests/helpers/test-app';

export type Role = 'anonymous' | 'customer' | 'export' | 'import' | 'admin';
export const ROLES: readonly Role[] = ['anonymous', 'customer', 'export', 'import', 'admin'];
export type Expect = Record<Role, number>;

/** Real rows of the seeded database, loaded once. */
export type Ids = {
  /** The test database, for checks that look rows up. */
  db: TestApp['db'];
  ownCompany: string;
  otherCompany: string;
  ownContact: string;
  otherContact: string;
  /** A shipment of the customer's company whose handler is the export user. */
  ownShipment: string;
  ownShipmentStatus: string;
  /** A shipment of another company whose handler is the import user. */
  otherShipment: string;
  otherShipmentStatus: string;
  airport: string;
  seaport: string;
  carrier: string;
  serviceProvider: string;
  consolidationAgent: string;
  exportUser: string;
  /** A document assigned to a shipment of the customer's company (that shipment is handled by export). */
  ownDocument: string;
  ownDocumentShipment: string;
  /** A document assigned to a shipment of another company. */
  otherDocument: string;
  /** A document on no shipment. */
  unassignedDocument: string;
  /** The demo customer's company's latest request, and its declined one (every change to it is refused). */
  ownRequest: string;
  ownDeclinedRequest: string;
  /** A request of another company. */
  otherRequest: string;
  /** Requests whose quote was sent (its PDF is the customer's to download): the demo customer's, another company's. */
  ownQuotedRequest: string;
  otherQuotedRequest: string;
  /** A revoked service key of another company (issue 18). */
  otherApiKey: string;
  /** Webhook subscriptions (issue 18): one of the customer's company, one of another company. */
  ownWebhook: string;
  otherWebhook: string;
};

export type Case = {
  /** Shown in the test name, e.g. "other company". */
  label?: string;
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  expect: Expect;
  /**
   * Roles the permission table lets do the route's action that this case's data still refuses with 403 (not their
   * shipment, a forged link): the matrix checks every other 403 against the table (authz-matrix.table.ts).
   */
  refusedByData?: readonly Role[];
  /** Extra checks on a customer's 200 answer (company scoping of lists). */
  customerCheck?: (res: Response, ids: Ids) => Promise<void>;
};

export const MISSING = () => crypto.randomUUID();
export const EMPTY = () => ({});

// Status rows, named by who may pass.
export const ANYONE = (s: number): Expect => ({ anonymous: s, customer: s, export: s, import: s, admin: s });
export const SIGNED_IN = (s: number): Expect => ({ anonymous: 401, customer: s, export: s, import: s, admin: s });
export const STAFF = (s: number): Expect => ({ anonymous: 401, customer: 403, export: s, import: s, admin: s });
export const ADMIN = (s: number): Expect => ({ anonymous: 401, customer: 403, export: 403, import: 403, admin: s });
/** Readable by everyone signed in, but the customer sees only their company: another company is 404. */
export const STAFF_OR_404 = (s: number): Expect => ({ anonymous: 401, customer: 404, export: s, import: s, admin: s });
