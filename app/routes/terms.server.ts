import type { LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { localeFromPath } from '#common/locale.ts';

/** The terms as the admin wrote them in the page's language (back office's site settings), or '' for the app's own. */
export async function termsLoader({ request, context }: LoaderFunctionArgs) {
  return { custom: await context.get(appContext).services.settings.termsText(localeFromPath(new URL(request.url).pathname)) };
}
