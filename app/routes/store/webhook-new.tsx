import { Button, Stack } from '@mantine/core';
import { Link, useActionData, useLocation } from 'react-router';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/webhook-new';
import { WebhookForm, WebhookPanel, WebhookSecret } from './webhook-form.tsx';
import { type WebhookActionResult, webhookNewAction } from './webhooks.server.ts';

// A new webhook (issue 38 §5): once made, its secret is shown here, once, with the way to its page.

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'webhook.newTitle');
export const action = (args: Route.ActionArgs) => webhookNewAction(args);

export default function WebhookNew() {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const answer = useActionData() as WebhookActionResult | undefined;
  return (
    <>
      <PageHeader title={t('webhook.newTitle')} />
      <Stack gap="lg" maw={900}>
        {answer?.created && answer.secret ? (
          <>
            <FormAlert notice={t('webhook.created')} />
            <WebhookSecret secret={answer.secret} />
            <Button component={Link} to={`${localizePath('/store/webhooks/show', locale)}?id=${answer.created.id}`} w="fit-content" data-testid="open-webhook">
              {t('webhook.open')}
            </Button>
          </>
        ) : (
          <WebhookPanel title={t('webhook.newTitle')}>
            <WebhookForm submitLabel={t('webhook.create')} />
          </WebhookPanel>
        )}
      </Stack>
    </>
  );
}
