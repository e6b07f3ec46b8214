import type { GeneratedKind } from '../../../../domain/generated-documents';
import type { ShipmentDetail } from '../../../../domain/shipment-views';

/** Everything a generated paper prints. */
export type PdfInput = {
  kind: GeneratedKind;
  /** The staff detail: the layouts pick the fields their paper lists (GENERATED_KIND_INFO) and nothing else. */
  shipment: ShipmentDetail;
  /** The customer company: bill-to on the debit note, the addressee of the booking confirmation. */
  company: { name: string; address: string | null };
  /** The forwarder issuing the paper (PNG or JPEG logo, may be null). */
  letterhead: { name: string; address: string; phone: string; email: string; tax_id: string; logo: Buffer | null };
  version: number;
  generatedAt: Date;
};
