import { Button, Group, Input, Modal, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FetchError } from 'ofetch';
import { useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { StatusBadge } from '#app/components/status-badge.tsx';
import cell from '#app/components/list/cell.module.css';
import type { FormResult } from '#app/lib/form-result.ts';
import { asText, useField } from '#app/components/form/use-field.ts';
import { failureMessageKey, http } from '#app/lib/http.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatLocaleNumber, readLocaleNumber } from '#common/locale-number.ts';
import { stockState } from '#common/enums/catalog.ts';
import { localizePath } from '#common/locale.ts';
import { productResource } from '#common/resources/product.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import type { Locale } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { formatNumber } from '#common/number-format.ts';
import type { FormOptions } from '#common/resource.ts';
import { brandResource, categoryResource, subcategoryResource } from '#common/resources/taxonomy.ts';
import { shopPrice } from '#common/shop-price.ts';
import { toCents } from '#common/money.ts';
import { DEFAULT_IVA_CODE, type IvaCode, isIvaCode } from '#common/iva.ts';

// The product form's pieces that do more than a field (issue 20 §14, §18, §20): its category,
// subcategory and brand, made without leaving the form; its stock when variants hold it; and the
// price as the shopper will see it. Only the product's screens load them.

type Choice = FormOptions[string][number];
type Kind = 'category' | 'subcategory' | 'brand';
const COLLECTION: Record<Kind, string> = { category: categoryResource.apiPath, subcategory: subcategoryResource.apiPath, brand: brandResource.apiPath };
const NEW_TITLE: Record<Kind, MessageKey> = { category: 'catalog.category.new', subcategory: 'catalog.subcategory.new', brand: 'catalog.brand.new' };

/** An API refusal in the page's language: its message key when it has one, else its text. */
function refusal(error: unknown, t: ReturnType<typeof useT>): string {
  const body = error instanceof FetchError ? (error.data as { error?: string; message?: string; fields?: Record<string, string> } | undefined) : undefined;
  if (body?.error?.includes('.')) return String(t(body.error as MessageKey));
  return body?.fields?.name ?? body?.message ?? String(t(failureMessageKey(error)));
}

/** "New category" beside its select: a dialog that creates it through the API and chooses it, the product form untouched. */
function CreateChoice({ kind, parent, disabled, onCreated }: { kind: Kind; parent?: string; disabled?: boolean; onCreated: (choice: Choice) => void }) {
  const t = useT();
  const [opened, { open, close }] = useDisclosure(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    if (!name.trim()) return setError(String(t('validation.required')));
    setBusy(true);
    setError(undefined);
    try {
      const body = { name: name.trim(), enabled: true, ...(kind === 'subcategory' ? { categoryId: Number(parent) } : {}) };
      const { id } = await http<{ id: number }>(`/api/v1${COLLECTION[kind]}`, { method: 'POST', body });
      onCreated({ value: String(id), label: name.trim(), ...(parent ? { parent } : {}) });
      setName('');
      close();
    } catch (caught) {
      setError(refusal(caught, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="subtle" size="compact-sm" onClick={open} disabled={disabled} data-testid={`create-${kind}`}>
        {t(NEW_TITLE[kind])}
      </Button>
      {/* Not a <form>: the dialog sits inside the product's form, and a form in a form is not HTML. */}
      <Modal opened={opened} onClose={close} title={t(NEW_TITLE[kind])} centered>
        <Stack>
          <TextInput
            label={t(`catalog.${kind}.fields.name`)}
            value={name}
            required
            error={error}
            data-autofocus
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void create();
              }
            }}
          />
          <Text fz="sm" c="dimmed">
            {t('catalog.product.createHint')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('list.cancel')}
            </Button>
            <Button onClick={() => void create()} loading={busy} data-testid={`save-${kind}`}>
              {t('list.create')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * Category, subcategory and brand. With JavaScript the subcategories are the chosen category's
 * only, and each can be created from here; without it, every subcategory is offered with its
 * category's name, and the server refuses one of another category with a field error.
 */
export function ClassificationFields({ options }: { options: FormOptions }) {
  const t = useT();
  const hydrated = useHydrated();
  const fields = { categoryId: useField('categoryId'), subcategoryId: useField('subcategoryId'), brandId: useField('brandId') };
  const [added, setAdded] = useState<Record<string, Choice[]>>({});
  const [chosen, setChosen] = useState(() => ({ categoryId: asText(fields.categoryId.value) ?? '', subcategoryId: asText(fields.subcategoryId.value) ?? '', brandId: asText(fields.brandId.value) ?? '' }));
  const all = (name: keyof typeof chosen) => [...(options[name] ?? []), ...(added[name] ?? [])];
  const categoryName = new Map(all('categoryId').map((choice) => [choice.value, choice.label]));
  const subcategories = hydrated
    ? all('subcategoryId').filter((choice) => choice.parent === chosen.categoryId)
    : all('subcategoryId').map((choice) => ({ ...choice, label: `${categoryName.get(choice.parent ?? '') ?? ''} › ${choice.label}` }));
  const choose = (name: keyof typeof chosen, value: string) => {
    setChosen((before) => {
      const next = { ...before, [name]: value };
      // A subcategory of another category goes when the category changes.
      if (name === 'categoryId' && !all('subcategoryId').some((choice) => choice.value === before.subcategoryId && choice.parent === value)) next.subcategoryId = '';
      return next;
    });
  };
  const add = (name: keyof typeof chosen) => (choice: Choice) => {
    setAdded((before) => ({ ...before, [name]: [...(before[name] ?? []), choice] }));
    choose(name, choice.value);
  };
  const select = (name: keyof typeof chosen, data: Choice[], optional: boolean, create: React.ReactNode) => {
    const field = fields[name];
    return (
      <Stack gap={4}>
        <NativeSelect
          name={name}
          label={t(`catalog.product.fields.${name}`)}
          required={field.required}
          error={field.error}
          value={chosen[name]}
          onChange={(event) => {
            choose(name, event.currentTarget.value);
            field.recheck();
          }}
          onBlur={field.recheck}
          data={[{ value: '', label: optional ? t('catalog.product.none') : '—' }, ...data]}
        />
        {hydrated ? <Group gap={0}>{create}</Group> : null}
      </Stack>
    );
  };
  return (
    <>
      {select('categoryId', all('categoryId'), false, <CreateChoice kind="category" onCreated={add('categoryId')} />)}
      {select('subcategoryId', subcategories, true, <CreateChoice kind="subcategory" parent={chosen.categoryId} disabled={!chosen.categoryId} onCreated={add('subcategoryId')} />)}
      {select('brandId', all('brandId'), true, <CreateChoice kind="brand" onCreated={add('brandId')} />)}
    </>
  );
}

/** A product with variants: its stock is theirs, added up — said, not an input that cannot be typed in. */
export function VariantStock({ stock, locale }: { stock: number; locale: Locale }) {
  const t = useT();
  return (
    <Input.Wrapper label={t('catalog.product.fields.stock')} description={t('catalog.product.stockOfVariants')}>
      <Text fw={600} mt={4} data-testid="variant-stock">
        {formatNumber(stock, locale)}
      </Text>
    </Input.Wrapper>
  );
}

/** A field's text as a number the way the form reads it, or null while it is not one. */
function typedNumber(form: HTMLFormElement, name: string, locale: Locale): number | null {
  const raw = (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  if (raw.trim() === '') return null;
  return readLocaleNumber(raw, locale);
}

/**
 * The price as the shopper will see it, following what is typed: the final price with the discount
 * and the IVA, and the price struck through beside it when there is a saving (issue 20 §20).
 */
export function PricePreview({ locale }: { locale: Locale }) {
  const t = useT();
  const fields = { price: useField('price'), compareAtPrice: useField('compareAtPrice'), discount: useField('discount') };
  const ivaField = useField('ivaCode');
  const start = (name: keyof typeof fields) => {
    const text = asText(fields[name].value) ?? '';
    return text.trim() === '' ? null : readLocaleNumber(text, locale);
  };
  // The IVA chosen: one of today's codes, else (nothing chosen yet) the general rate.
  const ivaOf = (value: unknown): IvaCode => (typeof value === 'string' && isIvaCode(value) ? value : DEFAULT_IVA_CODE);
  const [typed, setTyped] = useState(() => ({ price: start('price'), compareAtPrice: start('compareAtPrice'), discount: start('discount'), ivaCode: ivaOf(ivaField.value) }));
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    const read = () =>
      setTyped({
        price: typedNumber(form, 'price', locale),
        compareAtPrice: typedNumber(form, 'compareAtPrice', locale),
        discount: typedNumber(form, 'discount', locale),
        ivaCode: ivaOf((form.elements.namedItem('ivaCode') as HTMLSelectElement | null)?.value),
      });
    form.addEventListener('input', read);
    form.addEventListener('change', read);
    return () => {
      form.removeEventListener('input', read);
      form.removeEventListener('change', read);
    };
  }, [locale]);
  const ready = typed.price !== null && typed.price >= 0;
  const price = ready
    ? shopPrice({ priceCents: toCents(typed.price!), discountBp: Math.round((typed.discount ?? 0) * 100), ivaCode: typed.ivaCode, compareAtCents: typed.compareAtPrice === null ? null : toCents(typed.compareAtPrice) })
    : null;
  return (
    <Paper ref={anchor} withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)" aria-live="polite" data-testid="price-preview">
      <Text fz="sm" c="dimmed">
        {t('catalog.product.preview.title')}
      </Text>
      {price ? (
        <SimpleGrid cols={1} spacing={2}>
          <Group gap="xs" align="baseline">
            <Text fz="xl" fw={700}>
              {formatMoney(price.paidCents, locale)}
            </Text>
            {price.oldCents !== null ? (
              <Text fz="md" c="dimmed" td="line-through">
                <VisuallyHidden>{t('catalog.product.preview.before')} </VisuallyHidden>
                {formatMoney(price.oldCents, locale)}
              </Text>
            ) : null}
            {price.savingPercent > 0 ? <Text fz="sm" fw={600} c="red.9">{t('catalog.product.preview.saving', { percent: formatNumber(price.savingPercent, locale) })}</Text> : null}
          </Group>
          <Text fz="sm">{t('catalog.product.preview.taxIncluded', { tax: formatMoney(price.taxCents, locale) })}</Text>
        </SimpleGrid>
      ) : (
        <Text fz="sm">{t('catalog.product.preview.empty')}</Text>
      )}
    </Paper>
  );
}

/**
 * The list's stock cell (issue 20 §21): typed and saved in place for a product of its own stock;
 * one with variants shows their total, changed in each variant. Saving is the asking: a typed
 * number and a press of "Save", as in any form.
 */
export function StockCell({ row, locale }: { row: { id: number; name: string; stock: number; variantCount: number }; locale: Locale }) {
  const t = useT();
  const fetcher = useFetcher<FormResult>();
  const { pathname, search } = useLocation();
  const state = <StatusBadge of={stockState} value={row.stock > 0 ? 'in_stock' : 'out_of_stock'} />;
  // Plain elements with the list's cell classes (decision 068): one of these per row of the list.
  if (row.variantCount > 0) {
    return (
      <span className={cell.lines}>
        {state}
        <span>{t('catalog.product.totalStock', { stock: formatNumber(row.stock, locale), variants: t('bulk.cascade.variants', { count: row.variantCount }) })}</span>
      </span>
    );
  }
  const error = fetcher.data?.errors?.stock;
  const errorId = `stock-error-${row.id}`;
  return (
    <div className={cell.lines}>
      {state}
      <fetcher.Form method="post" action={`${localizePath(`${productResource.path}/stock`, locale)}?id=${row.id}`}>
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        <span className={cell.inline}>
          <input
            key={row.stock}
            className={cell.input}
            name="stock"
            defaultValue={formatLocaleNumber(row.stock, locale)}
            inputMode="numeric"
            autoComplete="off"
            aria-label={t('catalog.product.stockOf', { name: row.name })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className={cell.button} disabled={fetcher.state !== 'idle'} aria-label={t('catalog.product.saveStockOf', { name: row.name })}>
            {t('list.save')}
          </button>
        </span>
        {error ? (
          <span className={cell.error} id={errorId}>
            {t(error)}
          </span>
        ) : null}
      </fetcher.Form>
    </div>
  );
}
