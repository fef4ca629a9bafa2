import { useEffect, type RefObject } from 'react';
import { useDragDropManager } from 'react-dnd';
import { edgeScrollStep } from './edgeScroll.logic';

/** At most this long of scrolling without the pointer moving (a finger held at the edge of a very long board). */
const HOLD_LIMIT_MS = 20_000;
/** How often a still finger's targets are looked up again while the board scrolls under it. */
const NUDGE_EVERY_MS = 100;

/**
 * The touch backend looks up the lists under the finger on touchmove only: when the board scrolls
 * under a finger held still, the same touch is sent again so the list now under it is the one
 * hovered (and the one a lift drops on). The mouse backend's dragover repeats on its own.
 */
function nudgeTouch(x: number, y: number): void {
  const target = document.elementFromPoint(x, y);
  if (!target || typeof Touch === 'undefined') return;
  const touch = new Touch({ identifier: 0, target, clientX: x, clientY: y });
  // From the element under the finger up to the window, where the backend listens.
  target.dispatchEvent(
    new TouchEvent('touchmove', { bubbles: true, cancelable: true, touches: [touch], targetTouches: [touch], changedTouches: [touch] }),
  );
}

/**
 * While anything is dragged, scrolls the board sideways when the pointer nears its left or right
 * edge, and the list under the pointer up or down near its top or bottom (a phone shows one list at
 * a time: without this a card cannot reach a list off screen). Driven by the drag monitor's pointer,
 * one step per animation frame, never through React state: nothing re-renders while it scrolls.
 * Stops when the drag ends, when nothing can scroll further, or after HOLD_LIMIT_MS of a still pointer.
 */
export function useDragAutoScroll(boardRef: RefObject<HTMLElement | null>, touch: boolean): void {
  const manager = useDragDropManager();
  useEffect(() => {
    const monitor = manager.getMonitor();
    let frame = 0;
    let movedAt = 0;
    let nudgedAt = 0;
    let nudging = false;

    const step = () => {
      frame = 0;
      const board = boardRef.current;
      const point = monitor.isDragging() ? monitor.getClientOffset() : null;
      if (!board || !point || performance.now() - movedAt > HOLD_LIMIT_MS) return;
      let scrolled = false;

      const box = board.getBoundingClientRect();
      const dx = edgeScrollStep(point.x, Math.max(box.left, 0), Math.min(box.right, window.innerWidth));
      if (dx) {
        const before = board.scrollLeft;
        board.scrollLeft += dx;
        scrolled ||= board.scrollLeft !== before;
      }

      // The list under the pointer (its cards' area), if any.
      for (const list of board.querySelectorAll<HTMLElement>('[data-testid="column-cards"]')) {
        const area = list.getBoundingClientRect();
        if (point.x < area.left || point.x > area.right) continue;
        const dy = edgeScrollStep(point.y, Math.max(area.top, 0), Math.min(area.bottom, window.innerHeight));
        if (dy && point.y >= area.top - 40 && point.y <= area.bottom + 40) {
          const before = list.scrollTop;
          list.scrollTop += dy;
          scrolled ||= list.scrollTop !== before;
        }
        break;
      }

      if (!scrolled) return;
      if (touch && performance.now() - nudgedAt > NUDGE_EVERY_MS) {
        nudgedAt = performance.now();
        nudging = true;
        try {
          nudgeTouch(point.x, point.y);
        } finally {
          nudging = false;
        }
      }
      frame = requestAnimationFrame(step);
    };

    const unsubscribe = monitor.subscribeToOffsetChange(() => {
      if (!nudging) movedAt = performance.now();
      if (!frame) frame = requestAnimationFrame(step);
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [manager, boardRef, touch]);
}

/** The hook as a component rendering nothing (inside the drag-and-drop provider), loaded after the board. */
export default function DragAutoScroll({ boardRef, touch }: { boardRef: RefObject<HTMLElement | null>; touch: boolean }) {
  useDragAutoScroll(boardRef, touch);
  return null;
}
