import { Button } from '@mantine/core';
import { useId } from 'react';
import { Form } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import classes from './list-toolbar.module.css';

export type Filter = { name: string; label: string; value: string | undefined; options: { value: string; label: string }[] };

function Chevron() {
  return (
    <svg className={classes.chevron} viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path d="M5 5.5l2.5-2.5 2.5 2.5M5 9.5l2.5 2.5 2.5-2.5" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Search and filters as a GET form: works without JavaScript, and the URL can be shared. Labels,
 * inputs and selects are plain elements with the module's classes (decision 068); they look as
 * Mantine's did.
 */
/** `searchPlaceholder`: what this list's search looks in (the generic "Search…" otherwise). */
export function ListToolbar({ q, filters = [], sort, dir, actions, searchPlaceholder }: { q: string; filters?: Filter[]; sort: string; dir: string; actions?: React.ReactNode; searchPlaceholder?: string }) {
  const t = useT();
  const id = useId();
  return (
    <div className={classes.toolbar}>
      <Form method="get" role="search" className={classes.form}>
        <div className={`${classes.field} ${classes.search}`}>
          <label className={classes.label} htmlFor={`${id}-q`}>
            {t('list.search')}
          </label>
          <input className={classes.input} id={`${id}-q`} name="q" type="search" defaultValue={q} placeholder={searchPlaceholder ?? t('list.searchPlaceholder')} />
        </div>
        {filters.map((filter) => (
          <div key={filter.name} className={classes.field}>
            <label className={classes.label} htmlFor={`${id}-${filter.name}`}>
              {filter.label}
            </label>
            <div className={classes.select}>
              <select className={classes.input} id={`${id}-${filter.name}`} name={filter.name} defaultValue={filter.value ?? ''}>
                <option value="">{t('list.all')}</option>
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <Chevron />
            </div>
          </div>
        ))}
        <input type="hidden" name="sort" value={sort} />
        <input type="hidden" name="dir" value={dir} />
        <Button type="submit" variant="light">
          {t('list.apply')}
        </Button>
      </Form>
      {actions}
    </div>
  );
}
