// First: configures Zod before any module that uses it loads.
import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { initialLocale, setupI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { hasStoredToken } from './lib/stored-token.ts';
import { markHydratingServerRender } from './lib/lazy-near-viewport.ts';
import { hydratePage, readServerRender } from './lib/server-render.ts';
import './styles.css';

const root = document.getElementById('root')!;
const serverRender = readServerRender();
const language = initialLocale();
// A page the server rendered in this visitor's language is hydrated from the same texts and data; otherwise (a
// signed-in screen, a language saved only in this browser, or a signed-in visitor, whose page may show what the
// server's anonymous render could not) the app renders it itself.
const hydrating = serverRender?.language === language && !hasStoredToken();

void setupI18n(language, hydrating ? serverRender.texts : undefined).then(() => {
  const queryClient = createQueryClient();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={BrowserRouter} />
    </StrictMode>
  );
  if (hydrating) {
    hydratePage(queryClient, serverRender.queries);
    markHydratingServerRender();
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
});
