import { useEffect, useState } from 'react';

/**
 * For dialogs that load with their first opening (lazy chunks): the dialog's root mounts closed and
 * opens on the next commit. A dialog machine created already open starts without its opening
 * transition, and its first opening could close itself; closed → open is the path every later
 * opening takes.
 */
export function useOpenAfterMount(open: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && open;
}
