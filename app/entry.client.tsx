import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalog } from '#common/i18n/load-catalog.ts';
import type { MessagePart } from '#common/i18n/messages.ts';
import { localeFromPath } from '#common/locale.ts';

// The page's messages first (preloaded by the page, so usually already here), then hydrate. The
// server wrote which parts the page needs on <html> (see the root route's Layout), and which kit
// resource's screens it shows: those are a chunk of their own (decision 043), asked for only by
// such a page. Should they fail to arrive, the page hydrates all the same and the screen asks again.
const { messages, screens } = document.documentElement.dataset;
const parts = (messages ?? 'base').split(' ').filter((part): part is MessagePart => part === 'base' || part === 'dashboard');
const resourceScreens = screens ? import('#app/resources/screens.ts').then((kit) => kit.loadScreensNamed(screens)).catch(() => undefined) : undefined;
void Promise.all([loadCatalog(localeFromPath(window.location.pathname), parts), resourceScreens]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
