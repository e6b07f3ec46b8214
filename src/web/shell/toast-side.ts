/**
 * Where a toast appears (issue 45, decision records 0279 and 0281): on the side of the screen where it covers the
 * fewest controls at the moment it shows, and when both sides cover as many, on the side away from the control the
 * person just used (so it never lies over that control or the next one beside it). Pure, so the rule is unit tested;
 * AppLayout measures the page and places each toast as it is shown.
 */
export type ToastSide = 'top' | 'bottom';
export type Box = { left: number; top: number; width: number; height: number };

/** A toast's width on a wider screen (Mantine's container), its usual height, and its gap to the screen's edge. */
const DESK_WIDTH = 440;
export const TOAST_HEIGHT = 96;
const GAP = 16;

/**
 * The box a toast takes on each side: on a phone the width of the screen, the top one below the 56 px header (as
 * ui/app.css places it); on a wider screen 440 px at the right.
 */
export function toastBoxes(viewport: { width: number; height: number }, phone: boolean): Record<ToastSide, Box> {
  const left = phone ? 0 : viewport.width - DESK_WIDTH - GAP;
  const width = phone ? viewport.width : DESK_WIDTH;
  return {
    top: { left, width, top: (phone ? 56 : 0) + GAP / 2, height: TOAST_HEIGHT },
    bottom: { left, width, top: viewport.height - GAP - TOAST_HEIGHT, height: TOAST_HEIGHT },
  };
}

/** Whether two boxes overlap (touching edges do not). */
export const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.left + b.width && a.left + a.width > b.left && a.top < b.top + b.height && a.top + a.height > b.top;

/**
 * The side with fewer controls under it (`covered`: how many on each side); on a tie, away from the control just
 * used: one in the lower half sends the toast to the top, one in the upper half (or none) to the bottom.
 */
export function toastSide(control: { top: number; height: number } | null, viewportHeight: number, covered: Record<ToastSide, number> = { top: 0, bottom: 0 }): ToastSide {
  if (covered.top !== covered.bottom) return covered.top < covered.bottom ? 'top' : 'bottom';
  if (!control) return 'bottom';
  return control.top + control.height / 2 > viewportHeight / 2 ? 'top' : 'bottom';
}
