import { describe, expect, it } from 'vitest';
import { moveSelection, scrollToReveal, visibleRange } from '../../../renderer/state/virtual-range.js';

describe('visibleRange', () => {
  it('renders the rows in view plus overscan, clamped to the list', () => {
    expect(visibleRange(0, 240, 24, 10_000, 5)).toEqual({ start: 0, end: 16 });
    expect(visibleRange(2400, 240, 24, 10_000, 5)).toEqual({ start: 95, end: 116 });
    expect(visibleRange(24 * 9_990, 240, 24, 10_000, 5)).toEqual({ start: 9985, end: 10_000 });
  });

  it('is empty for an empty list and safe for odd inputs', () => {
    expect(visibleRange(0, 240, 24, 0)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(-50, -1, 24, 3, 0)).toEqual({ start: 0, end: 1 });
    const far = visibleRange(1e9, 240, 24, 3, 2);
    expect(far.start).toBeLessThanOrEqual(far.end);
    expect(far.end).toBe(3);
  });
});

describe('scrollToReveal', () => {
  it('scrolls as little as possible, and not at all when the row is visible', () => {
    expect(scrollToReveal(5, 0, 240, 24)).toBeUndefined();
    expect(scrollToReveal(2, 100, 240, 24)).toBe(48);
    expect(scrollToReveal(20, 0, 240, 24)).toBe(21 * 24 - 240);
  });
});

describe('moveSelection', () => {
  it('moves by one, by a page, to the ends, and stays in the list', () => {
    expect(moveSelection(3, 'down', 10, 5)).toBe(4);
    expect(moveSelection(3, 'up', 10, 5)).toBe(2);
    expect(moveSelection(0, 'up', 10, 5)).toBe(0);
    expect(moveSelection(9, 'down', 10, 5)).toBe(9);
    expect(moveSelection(1, 'pageDown', 10, 5)).toBe(5);
    expect(moveSelection(8, 'pageUp', 10, 5)).toBe(4);
    expect(moveSelection(4, 'home', 10, 5)).toBe(0);
    expect(moveSelection(4, 'end', 10, 5)).toBe(9);
  });

  it('starts at the first row (or the last for End) without a selection', () => {
    expect(moveSelection(-1, 'down', 10, 5)).toBe(0);
    expect(moveSelection(-1, 'up', 10, 5)).toBe(0);
    expect(moveSelection(-1, 'end', 10, 5)).toBe(9);
    expect(moveSelection(-1, 'down', 0, 5)).toBeUndefined();
  });
});
