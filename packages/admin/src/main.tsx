/** Entry point: one data client on the same origin's `/api`, the browser router, then render. */
import { createDataClient } from '@conversa/data/client';
import { activateLocale } from '@conversa/ui/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ConsoleProviders } from './app';
import { localeFor } from './locale';
import { ConsoleRoutes } from './routes';

const client = createDataClient({ baseUrl: `${window.location.origin}/api` });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The first paint is already in the right language: its catalog loads before React renders.
void activateLocale(localeFor(client.session.getSnapshot())).then(() => {
  createRoot(root).render(
    <StrictMode>
      <ConsoleProviders client={client}>
        <BrowserRouter>
          <ConsoleRoutes />
        </BrowserRouter>
      </ConsoleProviders>
    </StrictMode>,
  );
});
