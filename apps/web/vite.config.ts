import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';
const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));

/**
 * Vendor code is split into a few long-lived chunks so every lazy route (React.lazy in
 * src/app/routes.tsx) only ships its own code. The board route loads: entry + react + ui + its own chunk.
 */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  {
    name: 'ui',
    test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@swc[\\/]helpers|stylis|hoist-non-react-statics|proxy-compare)[\\/]/,
    priority: 20,
  },
  {
    name: 'forms',
    test: /node_modules[\\/](formik|yup|property-expr|tiny-case|toposort|lodash|lodash-es|deepmerge|react-fast-compare|tiny-warning)[\\/]/,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@wkflow/contracts': contracts },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiUrl, changeOrigin: false },
      '/ws': { target: apiUrl, ws: true, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiUrl, changeOrigin: false },
      '/ws': { target: apiUrl, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
