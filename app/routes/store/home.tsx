import { FormAlert } from '#app/components/form-alert.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { guardStore } from '#app/lib/store-scope.server.ts';
import type { Route } from './+types/home';
import { NewStoreForm } from './new-store-form.tsx';
import { StoreHomeView } from './store-home-view.tsx';
import { newStoreAction, storeHomeLoader } from './store.server.ts';

// `/store` is where a store is opened: outside the store layout (which answers "no store yet" to
// every other store screen), it resolves the owner's store with the same middleware and shows its
// home, or the new-store form while there is none.
export const middleware = [guardStore];
export const meta: Route.MetaFunction = ({ location, loaderData }) => pageMeta(location.pathname, loaderData?.home ? 'store.home' : 'store.newTitle');
export const loader = (args: Route.LoaderArgs) => storeHomeLoader(args);
export const action = (args: Route.ActionArgs) => newStoreAction(args);

export default function StoreHome({ loaderData: { home, origin, plans } }: Route.ComponentProps) {
  // A refused opening seen from the home (a second store, sent from a stale tab) still says why.
  const { formError, result } = useFormResult();
  // A refused renewal request says why in its own dialog.
  const renewalRefused = result?.values?.intent === 'renewal';
  return (
    <>
      <RecordToast />
      {home && formError && !renewalRefused ? <FormAlert error={formError} /> : null}
      {home ? <StoreHomeView home={home} origin={origin} plans={plans} /> : <NewStoreForm origin={origin} />}
    </>
  );
}
