import { data, type LoaderFunctionArgs } from 'react-router';
import { formValues, parseWith } from '#common/forms.ts';
import { parseRecordId } from '#common/record-id.ts';
import { DomainSchema } from '#common/schemas/domain.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';

// `/store/domain` (issue 41 §5, decision 100): thin over the domain service, as /api/v1/store/domain is.

export const domainLoader = async ({ context }: LoaderFunctionArgs) => ({ domain: await services(context).domains.getStoreDomain(storeScope(context)) });

export async function domainAction({ request, context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const domains = services(context).domains;
  const values = formValues(await readForm(request));
  const done = (notice: FormResult['notice']) => data<FormResult>({ notice, values: { intent: values.intent ?? '' } });
  try {
    switch (values.intent) {
      case 'add': {
        const parsed = parseWith(DomainSchema, values);
        if (!parsed.ok) return invalid(parsed.errors, values);
        await domains.addStoreDomain(scope, parsed.data.host);
        return done('domain.added');
      }
      case 'verify':
      case 'remove': {
        const id = parseRecordId(values.id);
        if (id === null) throw data(null, { status: 404 });
        if (values.intent === 'verify') await domains.verifyStoreDomain(scope, id);
        else await domains.removeStoreDomain(scope, id);
        return done(values.intent === 'verify' ? 'domain.verifiedNotice' : 'domain.removed');
      }
      default:
        return data<FormResult>({ formError: { key: 'error.generic' } }, { status: 400 });
    }
  } catch (error) {
    return failure(error, values);
  }
}
