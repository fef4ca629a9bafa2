import { startTransition, useEffect, useState } from 'react';

/**
 * False until `ready`, then true from a transition. SWR's answers re-render at once, in one task; a page
 * that shows its big part (the users' cards) only once this is true renders that part in slices between
 * which the page stays responsive (no long task: Total Blocking Time), keeping its loading state meanwhile.
 * Not for a render of seconds (the 2,000-card board): any urgent update meanwhile (the running timer ticks
 * every second) restarts a transition's render from the start, and it took 40 % longer.
 */
export function useRevealInTransition(ready: boolean): boolean {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (ready && !revealed) startTransition(() => setRevealed(true));
  }, [ready, revealed]);
  return revealed;
}
