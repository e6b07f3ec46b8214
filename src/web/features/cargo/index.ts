// The cargo parts the shipment form and the request form share: dimension lines, dangerous goods, volume, summary.
export { CargoSummary } from './CargoSummary';
export { DangerousGoodsFields } from './DangerousGoodsFields';
export { DimensionLines } from './DimensionLines';
export { isEmptyPieceRow, type PieceRow } from './piece-rows';
export { VolumeField } from './VolumeField';
