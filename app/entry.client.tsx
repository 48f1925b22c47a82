import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalogue } from '#common/i18n/load-catalogue.ts';
import { localeFromPath } from '#common/locale.ts';

// The page's messages first (preloaded by the page, so usually already here), then hydrate.
void loadCatalogue(localeFromPath(window.location.pathname)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
