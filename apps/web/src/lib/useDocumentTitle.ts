import { useEffect } from 'react';

/** Sets the tab title: 'Clientes · WKFlow' ('WKFlow' alone for the board). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'WKFlow' ? 'WKFlow' : `${title} · WKFlow`;
  }, [title]);
}
