/**
 * Share-tracking links (issue 17, decision record 0228): create, list and revoke on a shipment the user may read,
 * and the public view a token opens. The token is 32 random bytes; only its sha256 and last 6 characters are kept.
 */
import crypto from 'node:crypto';
import { matchedEvents } from '@server/features/carrier-events/index';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { document_assignments, files, generated_documents, share_link_documents, share_links, shipment_containers, shipment_events, shipments, users } from '@server/db/schema';
import {
  SHARE_LINK_MAX_ACTIVE, SHARE_LINK_MESSAGES, SHARE_TOKEN_PATTERN, shareLinkInputSchema, shareLinkState, shareLinkUrl,
  type CreatedShareLink, type PublicTracking, type ShareLink, type ShareLinkInput, type ShareLinkList,
} from '@domain/share-links/schema';
import { SHIPMENT_MESSAGES, trackingEmbedUrl, transportOf } from '@domain/shipments/index';
import { showsTrackingMap } from '@domain/shipments/tracking-schema';
import type { ShipmentStatus } from '@domain/common/enums';
import type { Actor } from '@server/http/context';
import { AppError, conflict, notFound } from '@server/http/errors';
import type { Tx } from '@server/db/client';
import { recordAudit } from '@server/audit/audit-log';
import { assertShipmentId, readScopeOf } from '@server/features/shipments/index';
import { isoOrNull } from '@server/db/times';

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The shipment's company, if the user may read the shipment (a customer: only their company's); 404 otherwise. */
async function readableShipment(db: Db, actor: Actor, shipmentId: string): Promise<{ id: string; company_id: string; reference_number: string }> {
  assertShipmentId(shipmentId);
  const scope = readScopeOf(actor.user);
  const [row] = await withCustomerScope(db, actor.user, (d) =>
    d
      .select({ id: shipments.id, company_id: shipments.company_id, reference_number: shipments.reference_number })
      .from(shipments)
      .where(scope.companyId ? and(eq(shipments.id, shipmentId), eq(shipments.company_id, scope.companyId)) : eq(shipments.id, shipmentId)),
  );
  if (!row) throw notFound(SHIPMENT_MESSAGES.notFound);
  return row;
}

type SharedDocument = { name: string; original_name: string };

function toLink(row: typeof share_links.$inferSelect & { created_by_name: string | null }, now = new Date(), documents: SharedDocument[] = []): ShareLink {
  return {
    id: row.id,
    token_hint: row.token_hint,
    state: shareLinkState(row, now),
    created_at: row.created_at.toISOString(),
    created_by_name: row.created_by_name,
    expires_at: row.expires_at.toISOString(),
    revoked_at: isoOrNull(row.revoked_at),
    views: row.views,
    last_viewed_at: isoOrNull(row.last_viewed_at),
    documents,
  };
}

/**
 * The final documents of the shipment a link may share (issue 16's final versions of generated papers), by name: a
 * generated version marked final, still assigned to this shipment and not a draft.
 */
function finalDocuments(db: Db | Tx, shipmentId: string, names?: string[]) {
  return db
    .select({ name: files.name, original_name: files.original_name })
    .from(generated_documents)
    .innerJoin(document_assignments, and(eq(document_assignments.document_name, generated_documents.document_name), eq(document_assignments.shipment_id, shipmentId), eq(document_assignments.draft, false)))
    .innerJoin(files, eq(files.name, generated_documents.document_name))
    .where(and(eq(generated_documents.shipment_id, shipmentId), eq(generated_documents.final, true), names ? inArray(files.name, names) : undefined))
    .orderBy(asc(files.original_name));
}

/** The shipment's links, newest first, with who made each and what each shares, and the final documents a new link may share. */
export async function listShareLinks(db: Db, actor: Actor, shipmentId: string): Promise<ShareLinkList> {
  await readableShipment(db, actor, shipmentId);
  // A customer lists their company's links only: a shipment moved from another company keeps that company's ended
  // links for staff (migration 0030), and the filter holds where row-level security is off too.
  const { companyId } = readScopeOf(actor.user);
  const ofShipment = companyId ? and(eq(share_links.shipment_id, shipmentId), eq(share_links.company_id, companyId)) : eq(share_links.shipment_id, shipmentId);
  // A customer's read runs under row-level security. What a new link may share is read as the server: generated
  // versions are staff records, and readableShipment above has already kept a customer to their company's shipment.
  const shareable = await finalDocuments(db, shipmentId);
  const [rows, shared] = await withCustomerScope(db, actor.user, (d) =>
    Promise.all([
      d
        .select({ l: share_links, created_by_name: users.name })
        .from(share_links)
        .leftJoin(users, eq(users.id, share_links.created_by))
        .where(ofShipment)
        .orderBy(desc(share_links.created_at), desc(share_links.id)),
      d
        .select({ link: share_link_documents.share_link_id, name: files.name, original_name: files.original_name })
        .from(share_link_documents)
        .innerJoin(share_links, eq(share_links.id, share_link_documents.share_link_id))
        .innerJoin(files, eq(files.name, share_link_documents.document_name))
        .where(ofShipment)
        .orderBy(asc(files.original_name)),
    ]),
  );
  const now = new Date();
  const byLink = new Map<string, SharedDocument[]>();
  for (const r of shared) byLink.set(r.link, [...(byLink.get(r.link) ?? []), { name: r.name, original_name: r.original_name }]);
  return { rows: rows.map((r) => toLink({ ...r.l, created_by_name: r.created_by_name }, now, byLink.get(r.l.id) ?? [])), shareable };
}

export async function createShareLink(db: Db, actor: Actor, shipmentId: string, body: ShareLinkInput, base: string): Promise<CreatedShareLink> {
  const input = shareLinkInputSchema.parse(body);
  const shipment = await readableShipment(db, actor, shipmentId);
  const token = crypto.randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    // One creation at a time per shipment, so the limit on active links holds under parallel clicks.
    await tx.execute(sql`select 1 from shipments where id = ${shipment.id} for update`);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(share_links)
      .where(and(eq(share_links.shipment_id, shipment.id), isNull(share_links.revoked_at), gt(share_links.expires_at, sql`now()`)))) as [{ n: number }];
    if (n >= SHARE_LINK_MAX_ACTIVE) throw conflict(SHARE_LINK_MESSAGES.tooMany);
    const names = [...new Set(input.document_names)];
    const documents = names.length > 0 ? await finalDocuments(tx, shipment.id, names) : [];
    if (documents.length !== names.length) throw new AppError('invalid_input', SHARE_LINK_MESSAGES.documents, { document_names: SHARE_LINK_MESSAGES.documents });
    const [row] = await tx
      .insert(share_links)
      .values({
        shipment_id: shipment.id,
        company_id: shipment.company_id,
        token_hash: hashOf(token),
        token_hint: token.slice(-6),
        created_by: actor.user.id,
        expires_at: sql`now() + make_interval(days => ${input.expires_in_days})`,
      })
      .returning();
    if (documents.length > 0) {
      await tx.insert(share_link_documents).values(documents.map((d) => ({ share_link_id: row!.id, document_name: d.name, company_id: shipment.company_id })));
    }
    await recordAudit(tx, {
      action: 'shipment.share_link_created',
      actor: actor.user,
      target: shipment.reference_number,
      details: {
        shipment_id: shipment.id, link_id: row!.id, token_hint: row!.token_hint, expires_at: row!.expires_at.toISOString(),
        ...(documents.length > 0 && { documents: documents.map((d) => d.original_name) }),
      },
      ip: actor.ip,
    });
    return { ...toLink({ ...row!, created_by_name: actor.user.full_name }, new Date(), documents), token, url: shareLinkUrl(base, token) };
  });
}

/** Revokes a link of the shipment (at once; revoking a revoked link changes nothing). */
export async function revokeShareLink(db: Db, actor: Actor, shipmentId: string, linkId: string): Promise<ShareLink> {
  const shipment = await readableShipment(db, actor, shipmentId);
  assertShipmentId(linkId);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(share_links)
      .where(and(eq(share_links.id, linkId), eq(share_links.shipment_id, shipment.id)))
      .for('update');
    if (!current) throw notFound(SHARE_LINK_MESSAGES.notFound);
    if (current.revoked_at) return toLink({ ...current, created_by_name: null });
    const [row] = await tx
      .update(share_links)
      .set({ revoked_at: sql`now()`, revoked_by: actor.user.id })
      .where(eq(share_links.id, linkId))
      .returning();
    await recordAudit(tx, {
      action: 'shipment.share_link_revoked',
      actor: actor.user,
      target: shipment.reference_number,
      details: { shipment_id: shipment.id, link_id: linkId, token_hint: current.token_hint },
      ip: actor.ip,
    });
    return toLink({ ...row!, created_by_name: null });
  });
}

/**
 * What a token opens: null for an unknown, expired or revoked token (the page shows one neutral answer for all).
 * Counts the view. Built from named columns only, so nothing a customer's customer may not see can slip in.
 */
export async function publicTracking(db: Db, token: string, trackingTemplate: string | undefined): Promise<PublicTracking | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const [link] = await db
    .update(share_links)
    .set({ views: sql`${share_links.views} + 1`, last_viewed_at: sql`now()` })
    .where(and(eq(share_links.token_hash, hashOf(token)), isNull(share_links.revoked_at), gt(share_links.expires_at, sql`now()`)))
    .returning({ id: share_links.id, shipment_id: share_links.shipment_id, expires_at: share_links.expires_at });
  if (!link) return null;
  const [s] = await db
    .select({
      reference_number: shipments.reference_number,
      type: shipments.type,
      transport_mode: shipments.transport_mode,
      status: shipments.status,
      origin_city: shipments.origin_city,
      origin_country: shipments.origin_country,
      origin_airport: shipments.origin_airport,
      origin_port: shipments.origin_port,
      destination_city: shipments.destination_city,
      destination_country: shipments.destination_country,
      destination_airport: shipments.destination_airport,
      destination_port: shipments.destination_port,
      estimated_departure: shipments.estimated_departure,
      estimated_arrival: shipments.estimated_arrival,
      pickup_date: shipments.pickup_date,
      delivery_date: shipments.delivery_date,
      trackable: shipments.trackable,
      customer_reference: shipments.customer_reference,
      updated_at: shipments.updated_at,
    })
    .from(shipments)
    .where(eq(shipments.id, link.shipment_id));
  if (!s) return null;
  const [containers, events, documents, carrierEvents] = await Promise.all([
    db
      .select({ number: shipment_containers.number, type: shipment_containers.type })
      .from(shipment_containers)
      .where(eq(shipment_containers.shipment_id, link.shipment_id))
      .orderBy(asc(shipment_containers.position)),
    db
      .select({ kind: shipment_events.kind, changes: shipment_events.changes, created_at: shipment_events.created_at })
      .from(shipment_events)
      .where(and(eq(shipment_events.shipment_id, link.shipment_id), inArray(shipment_events.kind, ['created', 'status_changed'])))
      .orderBy(asc(shipment_events.created_at), asc(shipment_events.id)),
    sharedDocuments(db, link.id),
    matchedEvents(db, link.shipment_id),
  ]);
  const mode = transportOf(s);
  const mapShown = showsTrackingMap(s, 'customer', mode);
  const embed = mapShown ? trackingEmbedUrl(trackingTemplate, s.customer_reference) : null;
  const date = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());
  return {
    reference_number: s.reference_number,
    type: s.type,
    transport_mode: s.transport_mode,
    status: s.status as ShipmentStatus,
    origin: { city: s.origin_city, country: s.origin_country, airport: s.origin_airport, port: s.origin_port },
    destination: { city: s.destination_city, country: s.destination_country, airport: s.destination_airport, port: s.destination_port },
    estimated_departure: date(s.estimated_departure),
    estimated_arrival: date(s.estimated_arrival),
    pickup_date: date(s.pickup_date),
    delivery_date: date(s.delivery_date),
    containers: mode === 'sea' ? containers : [],
    milestones: events
      .map((e) => ({ kind: e.kind, to: e.changes.status?.to as ShipmentStatus | undefined, at: e.created_at.toISOString() }))
      .filter((e): e is { kind: typeof e.kind; to: ShipmentStatus; at: string } => typeof e.to === 'string')
      .map((e) => ({ status: e.to, at: e.at, first: e.kind === 'created' })),
    tracking_embed_url: embed,
    tracking_code: embed ? s.customer_reference : null,
    carrier_events: carrierEvents.map((e) => ({
      kind: e.kind, code: e.code, classifier: e.classifier, occurred_at: e.occurred_at, location_code: e.location_code, location_name: e.location_name,
      vessel_name: e.vessel_name, voyage: e.voyage,
    })),
    documents: documents.map((d) => ({ original_name: d.original_name, size: Number(d.size), url: `/api/track/${token}/documents/${encodeURIComponent(d.name)}` })),
    updated_at: s.updated_at.toISOString(),
    expires_at: link.expires_at.toISOString(),
  };
}

/** The documents a link shares, with what a download needs. */
function sharedDocuments(db: Db, linkId: string, name?: string) {
  return db
    .select({ name: files.name, original_name: files.original_name, size: files.size, content_type: files.content_type })
    .from(share_link_documents)
    .innerJoin(files, eq(files.name, share_link_documents.document_name))
    .where(and(eq(share_link_documents.share_link_id, linkId), name === undefined ? undefined : eq(files.name, name)))
    .orderBy(asc(files.original_name));
}

/**
 * A document the token's link shares, for a download without signing in (audited, with the link; not a view of the
 * page); null for an unknown, expired or revoked token, or a document the link does not share.
 */
export async function publicDocument(db: Db, token: string, name: string, ip: string): Promise<{ name: string; original_name: string; size: number; content_type: string } | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const [link] = await db
    .select({ id: share_links.id, token_hint: share_links.token_hint, shipment_id: share_links.shipment_id })
    .from(share_links)
    .where(and(eq(share_links.token_hash, hashOf(token)), isNull(share_links.revoked_at), gt(share_links.expires_at, sql`now()`)));
  if (!link) return null;
  const [doc] = await sharedDocuments(db, link.id, name);
  if (!doc) return null;
  await recordAudit(db, {
    action: 'document.download', actor: null, target: doc.name, ip,
    details: { original_name: doc.original_name, disposition: 'attachment', share_link_id: link.id, token_hint: link.token_hint },
  });
  return { ...doc, size: Number(doc.size) };
}
