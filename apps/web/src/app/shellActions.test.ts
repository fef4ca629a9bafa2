import { describe, expect, it } from 'vitest';
import { newActionPath } from './shellActions';

describe('newActionPath', () => {
  it("keeps the board's client and member filters and the search when started on the board", () => {
    expect(newActionPath('task', '/', '?client=6&member=3&q=arte&task=9')).toBe('/?q=arte&client=6&member=3&new=task');
    expect(newActionPath('ai', '/kanban', '?client=6')).toBe('/kanban?client=6&new=ai');
  });

  it('keeps only the search from another screen', () => {
    expect(newActionPath('task', '/time-management', '?client=6&q=arte')).toBe('/?q=arte&new=task');
    expect(newActionPath('task', '/clients', '')).toBe('/?new=task');
  });
});
