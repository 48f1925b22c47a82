import { Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Form, useFetcher, useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import type { BulkAction } from '#common/bulk.ts';
import type { Resource } from '#common/resource.ts';
import cell from '#app/components/list/cell.module.css';

// The list's actions on records (issue 11 §8): the bar over the selected rows, the switches in a
// row and the moderation buttons. Every one asks first in a dialog that says what will happen and
// to how many records, then posts `intent=bulk` to the page's action, which answers with a toast.

/** Actions that take something away: their confirm button is red. */
const TAKES_AWAY: ReadonlySet<BulkAction> = new Set(['delete', 'disable', 'unfeature', 'unpublish', 'reject']);

type Cascade = Record<string, number>;

/** "3 variants, 1 review": what a bulk delete takes along, in the page's language. */
function useCascadeText(cascade: Cascade | null | undefined): string | null {
  const t = useT();
  if (!cascade) return null;
  const parts = Object.entries(cascade)
    .filter(([, count]) => count > 0)
    .map(([what, count]) => String(t(`bulk.cascade.${what}` as never, { count } as never)));
  return parts.length > 0 ? String(t('bulk.cascadeIntro', { list: parts.join(', ') })) : null;
}

/**
 * The confirmation of one action on some records: its title, what will happen to how many, and for
 * a delete what cascades (counted by the list's loader for these ids). Confirming posts the form.
 */
export function BulkConfirm({ action, ids, opened, onClose, title, onConfirm }: {
  action: BulkAction;
  ids: readonly number[];
  opened: boolean;
  onClose: () => void;
  /** The dialog's title when it is not the action's (a row switch names its record). */
  title?: string;
  onConfirm?: () => void;
}) {
  const t = useT();
  const { pathname, search } = useLocation();
  const cascade = useFetcher<{ cascade: Cascade | null }>();
  const idList = ids.join(',');
  const load = cascade.load;
  useEffect(() => {
    if (!opened || action !== 'delete') return;
    const query = new URLSearchParams(search);
    query.set('cascadeOf', idList);
    void load(`${pathname}?${query}`);
  }, [opened, action, idList, pathname, search, load]);
  const cascadeText = useCascadeText(action === 'delete' ? cascade.data?.cascade : null);
  const counting = action === 'delete' && cascade.state !== 'idle';
  const label = String(t(`bulk.action.${action}`));
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? String(t(`bulk.title.${action}`))} centered>
      <Text mb="sm" data-testid="bulk-message">
        {String(t(`bulk.confirm.${action}` as never, { count: ids.length } as never))}
      </Text>
      {counting ? (
        <Text mb="sm" c="dimmed" fz="sm">
          {t('bulk.counting')}
        </Text>
      ) : cascadeText ? (
        <Text mb="sm" fw={600} data-testid="bulk-cascade">
          {cascadeText}
        </Text>
      ) : null}
      <Form
        method="post"
        onSubmit={() => {
          onClose();
          onConfirm?.();
        }}
      >
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="action" value={action} />
        <input type="hidden" name="ids" value={idList} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('list.cancel')}
          </Button>
          <Button type="submit" color={TAKES_AWAY.has(action) ? 'red' : 'brand'} data-testid="confirm" disabled={counting}>
            {t('bulk.confirmButton', { action: label.toLowerCase() })}
          </Button>
        </Group>
      </Form>
    </Modal>
  );
}

/** The bar over a list with selected rows: how many, the resource's actions, and a way out. */
export function BulkBar({ resource, selected, onClear }: { resource: Resource; selected: readonly number[]; onClear: () => void }) {
  const t = useT();
  const [action, setAction] = useState<BulkAction | null>(null);
  if (selected.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" mb="sm" role="region" aria-label={t('bulk.bar')} data-testid="bulk-bar" bg="var(--mantine-color-brand-light)">
      <Group justify="space-between" gap="xs">
        <Text fw={600} role="status">
          {t('bulk.selected', { count: selected.length })}
        </Text>
        <Group gap="xs">
          {resource.bulkActions.map((name) => (
            <Button key={name} size="xs" variant={name === 'delete' ? 'light' : 'default'} color={name === 'delete' ? 'red' : undefined} onClick={() => setAction(name)} data-testid={`bulk-${name}`}>
              {t(`bulk.action.${name}`)}
            </Button>
          ))}
          <Button size="xs" variant="subtle" onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </Group>
      </Group>
      {action ? <BulkConfirm action={action} ids={selected} opened onClose={() => setAction(null)} onConfirm={onClear} /> : null}
    </Paper>
  );
}

/**
 * A yes/no column switched from its row (a product's `enabled` or `featured`): it asks first, then
 * posts the matching bulk action for this one record.
 */
export function RowSwitch({ id, name, field, checked, on, off }: { id: number; name: string; field: string; checked: boolean; on: BulkAction; off: BulkAction }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  return (
    <>
      {/* A native box with the switch role (decision 068: one per row, Mantine's Switch was a
          dozen elements); it only asks, so it shows the record's state until the answer comes. */}
      <label className={cell.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={() => setOpened(true)}
          aria-label={String(t('bulk.switchLabel', { field, name }))}
          data-testid={`switch-${on}-${id}`}
        />
        <span>{field}</span>
      </label>
      {opened ? <BulkConfirm action={checked ? off : on} ids={[id]} opened onClose={() => setOpened(false)} title={String(t(checked ? 'bulk.switchOff' : 'bulk.switchOn', { field, name }))} /> : null}
    </>
  );
}

/** One action on one record, behind its confirmation (a review's approve or reject, in its row or on its screen). */
export function RecordActionButton({ id, action, name }: { id: number; action: BulkAction; name?: string }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const label = String(t(`bulk.action.${action}`));
  return (
    <>
      <Button size="xs" variant="light" color={TAKES_AWAY.has(action) ? 'red' : 'brand'} onClick={() => setOpened(true)} aria-label={name ? `${label}: ${name}` : undefined} data-testid={`row-${action}-${id}`}>
        {label}
      </Button>
      {opened ? <BulkConfirm action={action} ids={[id]} opened onClose={() => setOpened(false)} /> : null}
    </>
  );
}
