/** Distance from a scroll area's edge (px) within which a drag scrolls it, and its fastest step per frame. */
export const EDGE_ZONE = 56;
export const EDGE_MAX_STEP = 18;

/**
 * How far to scroll an area spanning `start`..`end` this frame while a drag is at `pointer`: 0 away
 * from the edges, faster the nearer the edge (up to `EDGE_MAX_STEP`), negative towards `start`.
 * A small area gets a zone of a quarter of its size, so its middle never scrolls.
 */
export function edgeScrollStep(pointer: number, start: number, end: number): number {
  const zone = Math.min(EDGE_ZONE, (end - start) / 4);
  if (zone <= 0) return 0;
  const depth = (distance: number) => Math.min(1, Math.max(0, (zone - distance) / zone));
  if (pointer < start + zone) return -Math.ceil(depth(pointer - start) * EDGE_MAX_STEP);
  if (pointer > end - zone) return Math.ceil(depth(end - pointer) * EDGE_MAX_STEP);
  return 0;
}
