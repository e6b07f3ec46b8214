/**
 * Dimension lines as the API takes and answers them (issue 14): the schemas of cargo/measures.ts's lines, apart, so a
 * page that shows a shipment's cargo computes its volumes without constructing them (decision record 0248).
 */
import { z } from 'zod';
import { MAX_DIMENSION, MAX_PIECE_COUNT, MAX_PIECE_LINES, PIECE_UNITS } from './measures';
import { optionalNumber } from '@domain/common/number-schema';
import { ENGLISH, msg } from '@domain/common/i18n';

const positiveDimension = (label: string) =>
  optionalNumber(label, { max: MAX_DIMENSION, decimals: 2 })
    .refine((n) => n !== null, ENGLISH.t(msg('{label} is required'), { label }))
    .refine((n) => n === null || n > 0, ENGLISH.t(msg('{label} must be greater than 0'), { label }));

/** One dimension line: `count` pieces of `length` x `width` x `height` in `unit`, each weighing `weight` kg (optional). */
export const pieceInputSchema = z.object({
  count: optionalNumber(msg('Pieces'), { min: 1, max: MAX_PIECE_COUNT, integer: true })
    .refine((n) => n !== null, msg('Pieces is required'))
    .refine((n) => n === null || n >= 1, msg('Pieces must be at least 1')),
  length: positiveDimension(msg('Length')),
  width: positiveDimension(msg('Width')),
  height: positiveDimension(msg('Height')),
  unit: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'cm' : v), z.enum(PIECE_UNITS, { message: msg('Unit must be cm or in') })),
  weight: optionalNumber(msg('Weight per Piece'), { max: 1_000_000, decimals: 3 }),
});
export type PieceInput = z.output<typeof pieceInputSchema>;

export const piecesInputSchema = z.preprocess(
  (v) => v ?? [],
  z.array(pieceInputSchema, { message: msg('Dimension lines must be a list') }).max(MAX_PIECE_LINES, msg('At most 200 dimension lines')),
);

export const pieceSchema = z.object({
  count: z.number().int(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  unit: z.enum(PIECE_UNITS),
  weight: z.number().nullable(),
});
