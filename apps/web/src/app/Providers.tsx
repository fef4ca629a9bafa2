import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { swrDefaults } from '../lib/swr';
import { system } from '../lib/theme';
import { Toaster } from '../lib/toast';

/** Chakra (theme), SWR (defaults and fetcher), the router, and the single toaster. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={swrDefaults}>
        <BrowserRouter>{children}</BrowserRouter>
        <Toaster />
      </SWRConfig>
    </ChakraProvider>
  );
}
