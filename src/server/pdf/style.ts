/** Page geometry and colours shared by the frame and its tables. */
import type { FontStyle } from './fonts';

// A4 in points, with half-inch side margins.
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN = 36;
export const FOOTER_RULE = PAGE_H - 36;
/** The last y a block may reach: the footer's room is below it. */
export const CONTENT_BOTTOM = PAGE_H - 44;
/** Where content starts on a page after the first, below the running header. */
export const CONTINUED_TOP = 48;

export const INK = '#000000';
export const MUTED = '#555555';
export const RULE = '#444444';
export const HEADER_FILL = '#e4e4e4';
export const TOTAL_FILL = '#f2f2f2';

/** A run of text's font style, size and colour, and where it sits in its width (the frame's and the tables'). */
export type TextStyle = { style?: FontStyle; size?: number; color?: string };
export type Align = 'left' | 'center' | 'right';
