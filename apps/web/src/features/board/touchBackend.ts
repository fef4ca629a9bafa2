import { TouchBackend, type TouchBackendOptions } from 'react-dnd-touch-backend';

export { TouchBackend };

/**
 * A card is dragged after a long press; a swipe before that scrolls the board sideways or the
 * column down, as usual. A tap still opens the card.
 */
export const TOUCH_OPTIONS: Partial<TouchBackendOptions> = {
  enableMouseEvents: false,
  delayTouchStart: 300,
  ignoreContextMenu: true,
  touchSlop: 5,
};
