import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's render and during hydration, true after: a control that only works with
 * JavaScript (a dialog that creates a record) appears once it can work, and the page without
 * JavaScript keeps what works there.
 */
export const useHydrated = () => useSyncExternalStore(subscribe, () => true, () => false);
