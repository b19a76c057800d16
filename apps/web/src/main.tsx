// First: configures Zod before any module that uses it loads.
import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { keepFirstScreen } from './lib/first-screen.ts';
import { setupI18n } from './lib/i18n.ts';
import './styles.css';

const root = document.getElementById('root')!;
keepFirstScreen(root);

void setupI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
