import { generateNKeysBetween } from 'fractional-indexing';
import { BoardPlaces } from './board-places';

describe('BoardPlaces', () => {
  it("gives each task its column's place by key, and follows moves, archives and new tasks", () => {
    const keys = generateNKeysBetween(null, null, 6);
    // Given out of order: places come from the keys, not the input order.
    const places = new BoardPlaces([
      { id: 3, columnId: 1, rank: keys[2] },
      { id: 1, columnId: 1, rank: keys[0] },
      { id: 2, columnId: 1, rank: keys[1] },
      { id: 4, columnId: 2, rank: keys[0] },
    ]);
    expect(keys.slice(0, 3).map((key) => places.placeOf(1, key))).toEqual([1, 2, 3]);
    expect(places.columnOf(4)).toBe(2);

    // Task 3 moves to the top of column 2: column 1 closes up, column 2's task moves down one.
    const top = generateNKeysBetween(null, keys[0], 1)[0];
    places.set(3, { columnId: 2, rank: top });
    expect(places.columnOf(3)).toBe(2);
    expect(places.placeOf(2, top)).toBe(1);
    expect(places.placeOf(2, keys[0])).toBe(2);
    expect(places.placeOf(1, keys[2])).toBeNull();

    // Task 1 archived: task 2 is first; a key no task has there has no place.
    places.set(1, null);
    expect(places.columnOf(1)).toBeUndefined();
    expect(places.placeOf(1, keys[1])).toBe(1);
    expect(places.placeOf(1, keys[0])).toBeNull();
    expect(places.placeOf(9, keys[0])).toBeNull();

    // A new task in a new column, and one between two others.
    places.set(5, { columnId: 3, rank: keys[3] });
    expect(places.placeOf(3, keys[3])).toBe(1);
    const between = generateNKeysBetween(top, keys[0], 1)[0];
    places.set(6, { columnId: 2, rank: between });
    expect([top, between, keys[0]].map((k) => places.placeOf(2, k))).toEqual([1, 2, 3]);
  });

  it('orders keys byte by byte, as the rank column (COLLATE "C") does: digits, then capitals, then small letters', () => {
    const places = new BoardPlaces(['a0', 'Zz', 'a0V', '~12', 'A1'].map((rank, i) => ({ id: i + 1, columnId: 1, rank })));
    expect(['A1', 'Zz', 'a0', 'a0V', '~12'].map((rank) => places.placeOf(1, rank))).toEqual([1, 2, 3, 4, 5]);
  });
});
