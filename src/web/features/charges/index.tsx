// The public entry of the charges feature (issue 38): the Charges panel and the customer's Charges card, each loaded
// with its own code when first shown (no side effects here, and no page re-exported: decision record 0248).
import { lazy, Suspense, type ReactElement } from 'react';

const Panel = lazy(() => import('./ChargesPanel').then((m) => ({ default: m.ChargesPanel })));
const Card = lazy(() => import('./CustomerChargesCard').then((m) => ({ default: m.CustomerChargesCard })));

/** The staff shipment page's Charges panel: lines, costs and the profit per currency; `canEdit` for its handler or an admin. */
export function ShipmentChargesPanel(props: { shipmentId: string; canEdit: boolean; currency: string }): ReactElement {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

/** The customer's shipment page's Charges card: the charges and their total per currency. */
export function ShipmentChargesCard(props: { shipmentId: string }): ReactElement {
  return (
    <Suspense fallback={null}>
      <Card {...props} />
    </Suspense>
  );
}
