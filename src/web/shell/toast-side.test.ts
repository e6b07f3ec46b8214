import { describe, expect, it } from 'vitest';
import { overlaps, toastBoxes, toastSide } from './toast-side';

describe('toastSide: where it covers the fewest controls, else away from the control just used', () => {
  it('sends the toast to the top after a control low on the screen, to the bottom after one high up', () => {
    expect(toastSide({ top: 780, height: 44 }, 844)).toBe('top');
    expect(toastSide({ top: 60, height: 44 }, 844)).toBe('bottom');
    // The middle decides by the control's centre.
    expect(toastSide({ top: 410, height: 44 }, 844)).toBe('top');
    expect(toastSide({ top: 400, height: 44 }, 844)).toBe('bottom');
    expect(toastSide({ top: 380, height: 40 }, 844)).toBe('bottom');
  });

  it('is at the bottom before anything was pressed', () => {
    expect(toastSide(null, 844)).toBe('bottom');
  });

  it('takes the side with fewer controls under it, whichever control was used', () => {
    // A Save bar at the bottom after a press high up: the toast goes to the top, over nothing.
    expect(toastSide({ top: 60, height: 44 }, 844, { top: 0, bottom: 2 })).toBe('top');
    expect(toastSide({ top: 780, height: 44 }, 844, { top: 3, bottom: 1 })).toBe('bottom');
    expect(toastSide({ top: 780, height: 44 }, 844, { top: 1, bottom: 1 })).toBe('top');
  });
});

describe('toastBoxes: the box a toast takes on each side', () => {
  it('spans a 390 px phone below its 56 px header, and sits 440 px wide at the right of a desk screen', () => {
    expect(toastBoxes({ width: 390, height: 844 }, true)).toEqual({
      top: { left: 0, width: 390, top: 64, height: 96 },
      bottom: { left: 0, width: 390, top: 732, height: 96 },
    });
    expect(toastBoxes({ width: 1280, height: 800 }, false)).toEqual({
      top: { left: 824, width: 440, top: 8, height: 96 },
      bottom: { left: 824, width: 440, top: 688, height: 96 },
    });
  });

  it('counts a control as covered when the boxes overlap, not when they only touch', () => {
    const box = { left: 0, top: 732, width: 390, height: 96 };
    expect(overlaps(box, { left: 300, top: 700, width: 80, height: 44 })).toBe(true);
    expect(overlaps(box, { left: 300, top: 688, width: 80, height: 44 })).toBe(false);
    expect(overlaps(box, { left: 390, top: 740, width: 40, height: 44 })).toBe(false);
  });
});
