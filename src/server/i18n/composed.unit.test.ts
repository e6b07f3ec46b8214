// Texts the domain composes from pieces (issue 42): in the reader's language, English unchanged without one.
import { describe, expect, it } from 'vitest';
import { translatorFor } from './index';
import { carrierEventTitle } from '@domain/carrier-events/titles';
import { formatFileSize } from '@domain/documents/rules';
import { chargeableWeightText, pieceLineLabel } from '@domain/cargo/measures';
import { routeLabel } from '@domain/shipments/labels';

const tr = translatorFor('tr');
const en = translatorFor('en');

describe('composed texts', () => {
  it('carrier event titles', () => {
    const confirmed = { kind: 'shipment', code: 'CONF', classifier: 'actual' } as const;
    const arrivedEstimated = { kind: 'transport', code: 'ARRI', classifier: 'estimated' } as const;
    expect(carrierEventTitle(confirmed)).toBe('Shipment confirmed');
    expect(carrierEventTitle(arrivedEstimated)).toBe('Arrived (estimated)');
    expect(carrierEventTitle(arrivedEstimated, en)).toBe('Arrived (estimated)');
    expect(carrierEventTitle(confirmed, tr)).toBe('Sevkiyat: teyit edildi');
    expect(carrierEventTitle(arrivedEstimated, tr)).toBe(`${tr.t('Arrived')} (tahmini)`);
    expect(carrierEventTitle({ kind: 'transport', code: 'XXXX', classifier: null }, tr)).toBe('XXXX');
  });

  it('file sizes', () => {
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(0, tr)).toBe('0 bayt');
    expect(formatFileSize(1536, tr)).toBe('1,5 KB');
    expect(formatFileSize(1.25 * 1024 ** 3, tr)).toBe('1,25 GB');
  });

  it('a route with a missing end', () => {
    expect(routeLabel({ origin_city: 'Bursa', origin_country: 'TR' })).toBe('Bursa, TR → N/A');
    expect(routeLabel({ origin_city: 'Bursa', origin_country: 'TR' }, tr)).toBe(`Bursa, Türkiye → ${tr.t('N/A')}`);
    expect(tr.t('N/A')).not.toBe('N/A');
  });

  it('dimension lines and the chargeable weight calculation, with Turkish decimals', () => {
    const piece = { count: 3, length: 120.5, width: 80, height: 150, unit: 'cm' as const, weight: 250.25 };
    expect(pieceLineLabel(piece)).toBe('3 x 120.5 x 80 x 150 cm, 250.25 kg each');
    expect(pieceLineLabel(piece, tr)).toBe('3 x 120,5 x 80 x 150 cm, her biri 250,25 kg');
    const air = { volume: 0.088, cubic_cm: 87_750, factor: 166.667, factorFrom: 'default', weight_volumetric: 14.625, weight_chargeable: 15, revenue_tons: null, gross: 14, transport: 'air' } as const;
    expect(chargeableWeightText(air)).toBe('87,750 cm³ / 6,000 = 14.63 kg volumetric; gross 14 kg; chargeable 15.0 kg');
    expect(chargeableWeightText(air, tr)).toBe('87.750 cm³ / 6.000 = 14,63 kg hacimsel; brüt 14 kg; ücrete esas 15,0 kg');
  });
});
