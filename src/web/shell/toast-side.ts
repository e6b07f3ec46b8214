/**
 * Where a toast appears (issue 45, decision record 0279): on the half of the screen away from the control the
 * person just used, so it never lies over that control or the next one beside it (a second Save, the next row's
 * Upload). Pure, so the rule is unit tested; AppLayout feeds it the last pressed control.
 */
export type ToastSide = 'top' | 'bottom';

/** A control in the lower half sends toasts to the top; one in the upper half (or none) to the bottom. */
export function toastSide(control: { top: number; height: number } | null, viewportHeight: number): ToastSide {
  if (!control) return 'bottom';
  return control.top + control.height / 2 > viewportHeight / 2 ? 'top' : 'bottom';
}
