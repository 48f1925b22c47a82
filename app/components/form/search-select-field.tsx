import { Select, type SelectProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { asText, useField } from './use-field.ts';

type Choice = { value: string; label: string };

/**
 * A select over more records than a page should carry (a store's 100,000 products, decision 036):
 * it starts with the first choices the loader gave (the chosen one among them), and asks `search`
 * for the rest as the user types. The choice travels in a hidden input named like the field, so
 * the form posts it as any other.
 */
export function SearchSelectField({ name, label, data, search, ...props }: { name: string; label: MessageKey; data: Choice[]; search: (term: string) => Promise<Choice[]> } & Omit<SelectProps, 'name' | 'label' | 'data' | 'error' | 'required' | 'defaultValue' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange'>) {
  const t = useT();
  const field = useField(name);
  const [value, setValue] = useState<string | null>(asText(field.value) || null);
  const [choices, setChoices] = useState(data);
  const [term, setTerm] = useState('');
  const asked = useRef(0);
  const chosen = choices.find((choice) => choice.value === value);

  useEffect(() => {
    // The search box shows the chosen label after a pick: that is not a new search.
    if (term.trim() === '' || term === chosen?.label) return;
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      search(term.trim())
        .then((found) => {
          // an older answer arriving late must not replace a newer one
          if (ask !== asked.current) return;
          setChoices(chosen && !found.some((choice) => choice.value === chosen.value) ? [chosen, ...found] : found);
        })
        .catch(() => {});
    }, 250);
    return () => clearTimeout(timer);
    // `chosen` follows `value`; `search` is the caller's stable function
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term]);

  return (
    <Select
      {...props}
      name={name}
      label={t(label)}
      error={field.error}
      required={field.required}
      data={choices}
      value={value}
      onChange={(next) => {
        setValue(next);
        field.recheck();
      }}
      searchable
      searchValue={term}
      onSearchChange={setTerm}
      // the server already matched the term (name, sku or code); the labels show names only
      filter={({ options }) => options}
      nothingFoundMessage={t('record.empty')}
      placeholder={t('list.searchPlaceholder')}
      clearable
      // the list stays inside the page's main landmark (a portal would put it outside every landmark)
      comboboxProps={{ withinPortal: false }}
    />
  );
}
