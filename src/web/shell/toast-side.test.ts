import { describe, expect, it } from 'vitest';
import { toastSide } from './toast-side';

describe('toastSide: away from the control just used', () => {
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
});
