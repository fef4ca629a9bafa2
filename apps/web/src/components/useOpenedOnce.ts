import { useState } from 'react';

/**
 * True from the first render in which `open` is true on: a lazily loaded dialog or drawer mounts then
 * and stays mounted, so its later closings keep their animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  return opened;
}
