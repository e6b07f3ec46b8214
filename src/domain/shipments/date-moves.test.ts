import { describe, expect, it } from 'vitest';
import { dateMoveNote, dateMoveOf, dateMovesOf } from './date-moves';

// Issue 45: the customer sees how the estimated dates moved, "was 19 Dec 2026 · moved 01 Dec 2026".
const D15 = '2026-12-15T08:00:00.000Z';
const D19 = '2026-12-19T08:00:00.000Z';
const D23 = '2026-12-23T08:00:00.000Z';
const NOV28 = '2026-11-28T10:00:00.000Z';
const DEC01 = '2026-12-01T09:30:00.000Z';

describe('dateMoveOf', () => {
  it('gives the date before the latest move, when it moved and how many times', () => {
    const changes = [
      { from: D15, to: D19, at: NOV28 },
      { from: D19, to: D23, at: new Date(DEC01) },
    ];
    expect(dateMoveOf(changes, D23)).toEqual({ previous: D19, moved_at: DEC01, times: 2 });
    expect(dateMoveOf(changes.slice(0, 1), new Date(D19))).toEqual({ previous: D15, moved_at: NOV28, times: 1 });
  });

  it('compares instants, not spellings (an offset or a Date is the same time)', () => {
    expect(dateMoveOf([{ from: '2026-12-19T09:00:00+01:00', to: '2026-12-23T09:00:00+01:00', at: DEC01 }], D23)).toEqual({ previous: D19, moved_at: DEC01, times: 1 });
  });

  it('has no move without changes, without a current date, or when the date was only set', () => {
    expect(dateMoveOf([], D23)).toBeNull();
    expect(dateMoveOf([{ from: D19, to: D23, at: DEC01 }], null)).toBeNull();
    expect(dateMoveOf([{ from: null, to: D23, at: DEC01 }], D23)).toBeNull();
  });

  it('starts counting again after the date was cleared and set again', () => {
    const changes = [
      { from: D15, to: D19, at: NOV28 },
      { from: D19, to: null, at: NOV28 },
      { from: null, to: D19, at: DEC01 },
      { from: D19, to: D23, at: DEC01 },
    ];
    expect(dateMoveOf(changes, D23)).toEqual({ previous: D19, moved_at: DEC01, times: 1 });
    expect(dateMoveOf(changes.slice(0, 3), D19)).toBeNull();
  });

  it('shows nothing when the newest change does not lead to the current date (a row written around the history)', () => {
    expect(dateMoveOf([{ from: D15, to: D19, at: NOV28 }], D23)).toBeNull();
  });

  it('ignores rows that change nothing or are not dates', () => {
    expect(dateMoveOf([{ from: D19, to: D23, at: NOV28 }, { from: D23, to: D23, at: DEC01 }, { from: 'soon', to: 7, at: DEC01 }], D23)).toEqual({ previous: D19, moved_at: NOV28, times: 1 });
  });
});

describe('dateMovesOf', () => {
  it('reads departure and arrival from the same rows', () => {
    const rows = [
      { departure: { from: D15, to: D19 }, arrival: null, created_at: NOV28 },
      { departure: null, arrival: { from: D19, to: D23 }, created_at: DEC01 },
    ];
    expect(dateMovesOf(rows, { estimated_departure: D19, estimated_arrival: D23 })).toEqual({
      departure: { previous: D15, moved_at: NOV28, times: 1 },
      arrival: { previous: D19, moved_at: DEC01, times: 1 },
    });
    expect(dateMovesOf([], { estimated_departure: D19, estimated_arrival: null })).toEqual({ departure: null, arrival: null });
  });
});

describe('dateMoveNote', () => {
  const day = (iso: string) => iso.slice(0, 10);
  it('writes the earlier date, the day it moved and the count as the page formats dates', () => {
    expect(dateMoveNote(D23, { previous: D19, moved_at: DEC01, times: 2 }, day)).toEqual({ date: '2026-12-19', when: '2026-12-01', count: 2 });
  });
  it('writes nothing without a move, or when it stayed within the day as written', () => {
    expect(dateMoveNote(D23, null, day)).toBeNull();
    expect(dateMoveNote(null, { previous: D19, moved_at: DEC01, times: 1 }, day)).toBeNull();
    expect(dateMoveNote(D23, { previous: '2026-12-23T02:00:00.000Z', moved_at: DEC01, times: 1 }, day)).toBeNull();
  });
});
