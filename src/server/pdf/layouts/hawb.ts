/**
 * House Air Waybill, after IATA's air waybill boxes (issue 41): the MAWB and HAWB numbers on top; shipper and
 * consignee with their account numbers; the issuing agent with its IATA code and account; airports and routing (to,
 * by first carrier, to, by, to, by; the flights and their days); currency, CHGS code, WT/VAL and other charges prepaid or collect; the declared values
 * (NVD, NCV unless entered) and the amount of insurance; handling information; the rating block (pieces, gross
 * weight, kg, rate class, commodity item, chargeable weight, rate, total, nature and quantity of goods); the other
 * charges due agent and due carrier; the totals prepaid and collect; the shipper's certification and the execution
 * (date, place, the issuing agent's signature). The charges are the domain's (airWaybillCharges), never a cost.
 */
import { formatMawb } from '@domain/cargo/trade-numbers';
import { airWaybillCharges } from '@domain/cargo/air-waybill';
import { awbFlights, awbRouting } from '@domain/shipments/routing';
import type { Row, Sheet } from '../frame';
import { dangerousGoods, decimalMoney, formatDate, hsCode, incoterm, join, m3, money, packages, party, pieceLines, text, unitPrice, weight } from '../format';
import type { PdfInput } from '../types';

export function drawHawb(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  const lh = input.letterhead;
  const tr = sheet.tr;
  const charges = airWaybillCharges(input.charges, s.weight_chargeable, s.freight_terms, s.currency, s.commodity_item_number);
  const routing = awbRouting({ destination_airport: s.destination_airport, firstCarrier: s.carrier_record_name ?? s.carrier_name, onward_flights: s.onward_flights ?? [] });
  const paid = (side: 'PP' | 'CC') => (charges.chgs === side ? 'X' : '');
  sheet.paragraph(tr.t('Not negotiable — Air waybill issued by {name}', { name: lh.name }), { size: 7.5, style: 'regular' });
  sheet.boxes(
    { label: tr.t('MAWB No.'), value: s.mawb_number ? formatMawb(s.mawb_number) : '', bold: true, size: 11 },
    { label: tr.t('HAWB No.'), value: text(s.hawb_number), bold: true, size: 11 },
    { label: tr.t('Reference'), value: s.reference_number },
  );
  const partyBox = 58;
  sheet.columns(
    [
      [{ label: tr.t("Shipper's name and address"), value: party(s.shipper_name, s.shipper_address), minHeight: partyBox, w: 2 }, { label: tr.t("Shipper's account No."), value: text(s.shipper_account_number) }],
      [{ label: tr.t("Consignee's name and address"), value: party(s.consignee_name, s.consignee_address), minHeight: partyBox, w: 2 }, { label: tr.t("Consignee's account No."), value: text(s.consignee_account_number) }],
      [{ label: tr.t("Issuing carrier's agent, name and city"), value: party(lh.name, lh.address), minHeight: 44 }],
      [
        { label: tr.t("Agent's IATA code"), value: text(lh.iata_agent_code) },
        { label: tr.t('Account No.'), value: text(lh.iata_account) },
      ],
    ],
    [
      [
        { label: tr.t('Airport of departure'), value: text(s.origin_airport), bold: true },
        { label: tr.t('Airport of destination'), value: text(s.destination_airport), bold: true },
      ],
      // IATA's routing boxes: to / by first carrier / to / by / to / by (the onward flights fill the second and third).
      [
        { label: tr.t('To'), value: text(routing[0]?.to) },
        { label: tr.t('By first carrier'), value: text(routing[0]?.by), w: 2 },
        { label: tr.t('to'), value: text(routing[1]?.to) },
        { label: tr.t('by'), value: text(routing[1]?.by) },
        { label: tr.t('to'), value: text(routing[2]?.to) },
        { label: tr.t('by'), value: text(routing[2]?.by) },
      ],
      [{ label: tr.t('Flight/Date'), value: awbFlights(s).join('   ') }],
      [
        { label: tr.t('Currency'), value: charges.currency },
        { label: tr.t('CHGS code'), value: charges.chgs ?? '' },
        { label: tr.t('WT/VAL PPD'), value: paid('PP') },
        { label: tr.t('WT/VAL COLL'), value: paid('CC') },
        { label: tr.t('Other PPD'), value: paid('PP') },
        { label: tr.t('Other COLL'), value: paid('CC') },
      ],
      [
        // NVD: no value declared; NCV: no commercial value, IATA's words for values not entered.
        { label: tr.t('Declared value for carriage'), value: s.declared_value_carriage === null ? 'NVD' : money(tr, s.declared_value_carriage, s.cargo_value_currency) },
        { label: tr.t('Declared value for customs'), value: s.cargo_value === null ? 'NCV' : money(tr, s.cargo_value, s.cargo_value_currency) },
      ],
      [
        { label: tr.t('Amount of insurance'), value: s.cargo_insurance_value === null ? 'NIL' : money(tr, s.cargo_insurance_value, s.cargo_insurance_value_currency) },
        { label: tr.t('Incoterm and place'), value: incoterm(s.incoterm, s.incoterm_place) },
      ],
    ],
  );
  const notify = party(s.notify_name, s.notify_address).replace(/\n/g, ', ');
  sheet.boxes({
    label: tr.t('Handling information'),
    value: join(
      '\n',
      s.special_instructions,
      notify && tr.t('Also notify: {party}', { party: notify }),
      s.dangerous_goods ? tr.t('Dangerous goods: {goods}', { goods: dangerousGoods(tr, s) }) : null,
    ),
    minHeight: 32,
  });
  sheet.gap(8);

  // The rating line first; the goods' codes, dimension lines and volume continue below it in the nature column.
  const rating = charges.rating;
  const nature: Row[] = [
    {
      cells: [
        packages(tr, s.packages_count, s.package_type),
        weight(tr, s.weight_gross),
        'K',
        rating?.rate_class ?? '',
        text(s.commodity_item_number),
        weight(tr, s.weight_chargeable),
        rating?.rate ? unitPrice(tr, rating.rate, charges.currency) : '',
        rating ? decimalMoney(tr, rating.total, charges.currency) : '',
        text(s.cargo_description),
      ],
    },
    ...(s.hs_code ? [{ cells: ['', '', '', '', '', '', '', '', tr.t('HS code {code}', { code: hsCode(s.hs_code) })], joined: true }] : []),
    ...pieceLines(tr, s.pieces).map((l) => ({ cells: ['', '', '', '', '', '', '', '', tr.t('Dims: {line}', { line: l })], joined: true })),
    ...(s.volume !== null ? [{ cells: ['', '', '', '', '', '', '', '', tr.t('Volume: {volume}', { volume: m3(tr, s.volume) })], joined: true }] : []),
  ];
  sheet.table({
    title: tr.t('Rating'),
    columns: [
      { header: tr.t('No. of pieces'), w: 0.95 },
      { header: tr.t('Gross weight'), w: 0.95, align: 'right' },
      { header: tr.t('kg / lb'), w: 0.45 },
      { header: tr.t('Rate class'), w: 0.55 },
      { header: tr.t('Commodity item No.'), w: 0.95 },
      { header: tr.t('Chargeable weight'), w: 0.95, align: 'right' },
      { header: tr.t('Rate / charge'), w: 0.8, align: 'right' },
      { header: tr.t('Total'), w: 0.9, align: 'right' },
      { header: tr.t('Nature and quantity of goods (incl. dimensions or volume)'), w: 2.05 },
    ],
    rows: nature,
  });
  sheet.gap(6);
  const otherCharges = charges.other
    .map((o) => tr.t('{code} {amount} {currency} ({due, select, agent {due agent} other {due carrier}})', { code: o.code, amount: decimalMoney(tr, o.amount, o.currency), currency: o.currency, due: o.due }))
    .join('\n');
  sheet.boxes({ label: tr.t('Other charges'), value: otherCharges, minHeight: 30 });
  const totals = charges.totals;
  const total = decimalMoney(tr, totals.total, charges.currency);
  sheet.boxes(
    { label: tr.t('Weight charge'), value: decimalMoney(tr, totals.weight_charge, charges.currency), align: 'right' },
    { label: tr.t('Total other charges due agent'), value: decimalMoney(tr, totals.due_agent, charges.currency), align: 'right' },
    { label: tr.t('Total other charges due carrier'), value: decimalMoney(tr, totals.due_carrier, charges.currency), align: 'right' },
    { label: tr.t('Total prepaid'), value: charges.chgs === 'PP' ? total : '', align: 'right', bold: true },
    { label: tr.t('Total collect'), value: charges.chgs === 'CC' ? total : '', align: 'right', bold: true },
  );
  sheet.gap(6);
  sheet.boxes({
    label: tr.t('Shipper'),
    value: tr.t('The shipper certifies that the particulars on the face hereof are correct.'),
    size: 8,
    minHeight: 50,
    sign: tr.t('Signature of shipper or his agent'),
  });
  sheet.boxes(
    { label: tr.t('Executed on (date)'), value: formatDate(tr, input.generatedAt), minHeight: 50 },
    { label: tr.t('At (place)'), value: text(lh.place_of_issue), minHeight: 50 },
    {
      label: tr.t('Issuing carrier or its agent'),
      value: tr.t('{name}\nas agent for the carrier', { name: lh.name }),
      w: 2,
      minHeight: 50,
      sign: tr.t('Signature of issuing carrier or its agent'),
    },
  );
}
