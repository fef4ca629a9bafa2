import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vitest/config';

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';
const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));
const mainModule = fileURLToPath(new URL('./src/app/main.tsx', import.meta.url));
const webSrc = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * Vendor code is split into a few long-lived chunks so every lazy route (React.lazy in
 * src/app/routes.tsx) only ships its own code. The board route loads: entry + react + ui + its own chunk.
 * Chakra components (with their Ark/Zag machines) that only lazy pages or on-demand parts of the shell
 * use (the user menu, the bell's dropdown, the column colour picker, the mobile drawer, dialogs, the toasts' UI) stay out of the shared `ui` chunk, so the
 * board route does not load them: they go to the chunks of the code that uses them.
 */
const onDemandUi =
  /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js)[\\/](.*[\\/])?(tabs|switch|table|progress|data-list|collapsible|fieldset|empty-state|list|alert|skeleton|code|textarea|image|menu|dialog|drawer|toast|radio-group|popover|popper|dismissable|focus-trap|interact-outside|aria-hidden|remove-scroll)[\\/]/;
const ui =
  /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@swc[\\/]helpers|stylis|hoist-non-react-statics|proxy-compare)[\\/]/;

/**
 * The app's own modules that the entry imports statically (and luxon) always load with it: one `shell`
 * chunk instead of a dozen tiny shared chunks, each of which cost a request (a round trip on a slow link:
 * Fast 3G first card 6.3 → 5.1 s). Modules only lazy code imports stay in their chunks. The set is computed
 * once per build from the module graph (reset by `resetShell`).
 */
let shellModules: Set<string> | null = null;
const resetShell = { name: 'wkflow-reset-shell', buildStart: () => void (shellModules = null) };
function inShell(id: string, ctx: ChunkingContext): boolean {
  if (!shellModules) {
    shellModules = new Set();
    const entry = [...(ctx.getModuleInfo(mainModule)?.importedIds ?? [])];
    while (entry.length) {
      const next = entry.pop()!;
      if (shellModules.has(next)) continue;
      shellModules.add(next);
      entry.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  // Of the libraries, only those whose modules are all used as imported: a barrel like @chakra-ui/react
  // "imports" every component, the on-demand ones included.
  return shellModules.has(id) && (id.startsWith(webSrc) || /node_modules[\\/]luxon[\\/]/.test(id));
}

const vendorGroups: {
  name: string | ((id: string, ctx: ChunkingContext) => string | null);
  test?: RegExp | ((id: string) => boolean);
  priority: number;
}[] = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|swr|use-sync-external-store)[\\/]/,
    priority: 30,
  },
  {
    name: 'ui',
    // @floating-ui positions popovers and menus only, which load on demand.
    test: (id) => ui.test(id) && !onDemandUi.test(id) && !/node_modules[\\/]@floating-ui[\\/]/.test(id),
    priority: 20,
  },
  {
    name: 'forms',
    test: /node_modules[\\/](formik|yup|property-expr|tiny-case|toposort|lodash|lodash-es|deepmerge|react-fast-compare|tiny-warning)[\\/]/,
    priority: 10,
  },
  { name: (id, ctx) => (inShell(id, ctx) ? 'shell' : null), priority: 5 },
];

/**
 * Every text file of the build also ships as `.br` and `.gz` next to it, compressed once here at the highest
 * levels, so the servers (express-static-gzip in the API, gzip_static/brotli_static in nginx) send them as they
 * are instead of compressing on each request (or, as before, not at all).
 */
const precompress = compression({
  include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
  algorithms: ['brotliCompress', 'gzip'], // the plugin's defaults: brotli quality 11, gzip level 9
  skipIfLargerOrEqual: true,
  logLevel: 'silent',
});

export default defineConfig({
  plugins: [react(), precompress, resetShell],
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
    // dist/.vite/manifest.json: the chunk graph, from which the bench counts the board route's JS (bench/web.mjs).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // '@chakra-ui/react/theme' builds its (unused here) `defaultThemeConfig`, with every recipe, through
      // `defineConfig(…)`, an identity function the bundler cannot see through: without this the recipes that
      // lib/theme.ts leaves out stay in the bundle.
      treeshake: { manualPureFunctions: ['defineConfig'] },
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
