import { createRoute } from '@hono/zod-openapi';
import { csvLine } from '@domain/common/csv';
import { pageSchema } from '@domain/common/list-schema';
import { shipmentListQuerySchema, shipmentListRowSchema } from '@domain/shipments/list-schema';
import { codeRouteLabel } from '@domain/shipments/labels';
import { statusLabel } from '@domain/shipments/status';
import { SHIPMENT_TYPE_LABELS } from '@domain/common/enums';
import { containerTypeLabel, formatHsCode, incotermLabel, pieceLineLabel, type Piece } from '@domain/shipments/index';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { exportShipmentRows, listShipments } from './service';
import { isStaff } from '@domain/access/permissions';

/** 'Name, address' of a party (address lines joined), empty when not set. */
const party = (r: Record<string, unknown>, p: 'shipper' | 'consignee' | 'notify') =>
  [r[`${p}_name`], r[`${p}_address`]].filter((v): v is string => typeof v === 'string' && v !== '').map((v) => v.replace(/\s*\n\s*/g, ', ')).join(', ');

/** 'UN1263 class 3' (what is known of it), or 'yes' for dangerous goods stored without them. */
const dangerousGoods = (un: unknown, hazard: unknown) =>
  [typeof un === 'string' ? un : null, typeof hazard === 'string' ? `class ${hazard}` : null].filter(Boolean).join(' ') || 'yes';

const CSV_COLUMNS: { header: string; value: (r: Record<string, unknown>) => unknown; staffOnly?: boolean }[] = [
  { header: 'Reference Number', value: (r) => r.reference_number },
  { header: 'Created', value: (r) => r.created_at },
  { header: 'Type', value: (r) => SHIPMENT_TYPE_LABELS[r.type as 'air'] ?? r.type },
  { header: 'Transport Mode', value: (r) => r.transport_mode },
  { header: 'Loading Type', value: (r) => r.loading_type },
  { header: 'Status', value: (r) => statusLabel(r.status as string) },
  { header: 'Company', value: (r) => r.company_name },
  { header: 'Handler', value: (r) => r.handler_name ?? 'Unassigned' },
  { header: 'Route', value: (r) => codeRouteLabel(r as Parameters<typeof codeRouteLabel>[0]) },
  { header: 'Origin Airport', value: (r) => r.origin_airport },
  { header: 'Destination Airport', value: (r) => r.destination_airport },
  { header: 'Origin Port', value: (r) => r.origin_port },
  { header: 'Destination Port', value: (r) => r.destination_port },
  { header: 'Estimated Departure', value: (r) => r.estimated_departure },
  { header: 'Estimated Arrival', value: (r) => r.estimated_arrival },
  { header: 'Delivery Date', value: (r) => r.delivery_date },
  { header: 'Cargo Description', value: (r) => r.cargo_description },
  { header: 'Packages', value: (r) => r.packages_count },
  { header: 'Package Type', value: (r) => r.package_type },
  { header: 'Dimension Lines', value: (r) => ((r.pieces as Piece[] | null) ?? []).map((p) => pieceLineLabel(p)).join('; ') },
  { header: 'Gross Weight (kg)', value: (r) => r.weight_gross },
  { header: 'Volume (m³)', value: (r) => r.volume },
  { header: 'Volumetric Weight (kg)', value: (r) => r.weight_volumetric, staffOnly: true },
  { header: 'Chargeable Weight (kg)', value: (r) => r.weight_chargeable, staffOnly: true },
  { header: 'Containers', value: (r) => ((r.container_list as { number: string; type: string }[] | null) ?? []).map((c) => `${c.number} ${containerTypeLabel(c.type)}`).join('; ') },
  { header: 'HS Code', value: (r) => (typeof r.hs_code === 'string' ? formatHsCode(r.hs_code) : null) },
  { header: 'Dangerous Goods', value: (r) => (r.dangerous_goods ? dangerousGoods(r.un_number, r.hazard_class) : '') },
  { header: 'Shipper', value: (r) => party(r, 'shipper') },
  { header: 'Consignee', value: (r) => party(r, 'consignee') },
  { header: 'Notify Party', value: (r) => party(r, 'notify') },
  { header: 'Incoterm', value: (r) => incotermLabel(r) },
  { header: 'BL Number', value: (r) => r.customer_reference },
  { header: 'Carrier', value: (r) => r.carrier_name },
  { header: 'Tracking Number', value: (r) => r.tracking_number },
  { header: 'Internal Notes', value: (r) => r.internal_notes, staffOnly: true },
];

export function shipmentListRoutes(db: Db) {
  const app = createRouter();
  app.use('/shipments', requirePermission('shipments:read'));
  app.use('/shipments.csv', requirePermission('shipments:read'));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shipments',
      operationId: 'listShipments',
      tags: ['Shipments'],
      summary: 'A page of shipments (filters, search, sort, exact count); customers see their company only',
      request: { query: shipmentListQuerySchema },
      responses: {
        200: { description: 'Page', content: { 'application/json': { schema: pageSchema(shipmentListRowSchema) } } },
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const user = c.get('user');
      return c.json(await withCustomerScope(db, user, (db) => listShipments(db, user, c.req.valid('query'))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shipments.csv',
      operationId: 'exportShipmentsCsv',
      tags: ['Shipments'],
      summary: 'Every shipment the filters select, as CSV (streamed)',
      request: { query: shipmentListQuerySchema.omit({ page: true, pageSize: true, sort: true, dir: true }) },
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } }, ...errorResponses(400, 401) },
    }),
    async (c) => {
      const user = c.get('user');
      const columns = CSV_COLUMNS.filter((col) => !col.staffOnly || isStaff(user.role));
      const rows = exportShipmentRows(db, user, c.req.valid('query'));
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(columns.map((col) => col.header))}`));
        },
        async pull(controller) {
          const next = await rows.next();
          if (next.done) return controller.close();
          controller.enqueue(encoder.encode(next.value.map((r) => csvLine(columns.map((col) => col.value(r)))).join('')));
        },
        async cancel() {
          await rows.return(undefined);
        },
      });
      const date = new Date().toISOString().slice(0, 10);
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="shipments-${date}.csv"`,
          'cache-control': 'no-store',
        },
      });
    },
  );
  return app;
}
