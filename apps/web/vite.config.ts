import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Chunks of the screens a first visit most often lands on (the public pages of e2e/tests/javascript-budget.spec.ts). */
const publicScreenChunk = /(^|\/)(home-page|restaurants-directory-page|causes-directory-page|restaurant-page|cause-page|share-page|not-found-page)-[\w-]+\.js$/;
/** The chunks the entry imports statically (the groups below and Rolldown's runtime). */
const entryImports = /(^|\/)(framework|site-shell|rolldown-runtime)-[\w-]+\.js$/;

/**
 * Sonner puts its stylesheet in a <style> element it creates, which the server's Content-Security-Policy
 * (style-src 'self') refuses. Its own styles.css is imported as a file instead (sonner-toasts.tsx) and the
 * injection is dropped from the build; a Sonner release that injects differently fails the build here.
 */
function sonnerStylesAsFile(): Plugin {
  const injection = /\n__insertCSS\("(?:[^"\\\n]|\\.)*"\);?/;
  return {
    name: 'sonner-styles-as-file',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      if (!injection.test(code)) this.error('sonner no longer injects its CSS with __insertCSS(): check its styles under the CSP');
      return code.replace(injection, '\n');
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), sonnerStylesAsFile()],
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/v1': apiTarget, '/docs': apiTarget, '/dev': apiTarget, '/uploads': apiTarget },
  },
  build: {
    // The server's build (entry-server.tsx, `vite build --ssr`) goes beside the browser's, never served as a file.
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    copyPublicDir: !isSsrBuild,
    // No source maps in the production build: the server would serve them to anyone.
    sourcemap: false,
    // Preload lists (file names in the entry) only for the public screens' chunks: the signed-in screens' lists would
    // add over a kilobyte to every first visit; their chunks load their own imports when they run.
    modulePreload: {
      // No polyfill in the entry: a browser without modulepreload (Safari before 17) ignores the hints and fetches each
      // chunk's imports when the chunk runs, one round trip later.
      polyfill: false,
      // Without the chunks the entry imports itself: they are loaded before any screen is.
      resolveDependencies: (filename, dependencies) =>
        publicScreenChunk.test(filename) ? dependencies.filter((dependency) => !entryImports.test(dependency)) : [],
    },
    rolldownOptions: {
      // @goodtable/shared is pure (no module has side effects): a page that needs one constant does not pull in every
      // zod schema the package's entry re-exports.
      treeshake: { moduleSideEffects: (id) => (/[\\/]packages[\\/]shared[\\/]/.test(id) ? false : undefined) },
      // The libraries every page runs go in one chunk: one request and one gzip stream compress better than several.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // Every library the entry runs, but not useMutation's observer, which only forms use.
              test: /[\\/]node_modules[\\/]((react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]|@tanstack[\\/](query-core|react-query)[\\/](?!.*(mutationObserver|useMutation)))/,
            },
            // The site shell of every public page (with money formatting, which most of them show), and the
            // directories' filters and results: a few chunks, not a dozen.
            {
              name: 'site-shell',
              test: /[\\/]src[\\/](components[\\/]layouts[\\/](site-(header|layout|links)|logo|language-picker|skip-to)|hooks[\\/]use-page-title)|[\\/]shared[\\/]src[\\/]money\.ts$/,
            },
            { name: 'directory', test: /[\\/]src[\\/](components[\\/](directory[\\/]|form[\\/](input-styles|select-field|sort-select))|hooks[\\/]use-debounced|lib[\\/]directory-params)/ },
            // The restaurants' calls, options and constants the directory and the restaurant page share: one chunk.
            { name: 'restaurants-common', test: /([\\/]restaurant-options\.ts|[\\/]restaurants-api\.ts|[\\/]shared[\\/]src[\\/]restaurants\.ts)$/ },
          ],
        },
      },
    },
  },
}));
