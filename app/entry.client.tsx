import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalogue } from '#common/i18n/load-catalogue.ts';
import type { MessagePart } from '#common/i18n/messages.ts';
import { localeFromPath } from '#common/locale.ts';

// The page's messages first (preloaded by the page, so usually already here), then hydrate. The
// server wrote which parts the page needs on <html> (see the root route's Layout).
const parts = (document.documentElement.dataset.messages ?? 'base').split(' ').filter((part): part is MessagePart => part === 'base' || part === 'dashboard');
void loadCatalogue(localeFromPath(window.location.pathname), parts).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
