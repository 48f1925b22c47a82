import { Badge } from '@mantine/core';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { isActive, type MenuItem, type Queues } from '#app/lib/menu.ts';
import { localeFromPath, localizePath, stripLocale } from '#common/locale.ts';
import classes from './menu-links.module.css';

// The main menu's entries as plain links and buttons with the module's classes (decision 068):
// every dashboard page draws the whole menu, and Mantine's NavLink (a dozen components an entry,
// with a Collapse per group) was most of what the layout cost the server on each request.

function Chevron() {
  return (
    <svg className={classes.chevron} width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path d="M3.5 6l4 4 4-4" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A group of entries that folds; open at first, as the menu was. */
function MenuGroup({ item, queues, onNavigate }: { item: MenuItem; queues: Queues | null; onNavigate: () => void }) {
  const t = useT();
  const [opened, setOpened] = useState(true);
  const id = useId();
  return (
    <>
      <button type="button" className={classes.entry} aria-expanded={opened} aria-controls={id} onClick={() => setOpened((was) => !was)}>
        <span className={classes.label}>{t(item.label)}</span>
        <span className={classes.section}>
          <Chevron />
        </span>
      </button>
      <div id={id} className={classes.children} hidden={!opened}>
        <MenuLinks items={item.children ?? []} queues={queues} onNavigate={onNavigate} />
      </div>
    </>
  );
}

export function MenuLinks({ items, queues, onNavigate }: { items: MenuItem[]; queues: Queues | null; onNavigate: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const current = stripLocale(pathname);
  return items.map((item) => {
    if (item.children) return <MenuGroup key={item.key} item={item} queues={queues} onNavigate={onNavigate} />;
    // What waits in the entry's queue; nothing when it is empty (a 0 badge is only noise).
    const waiting = item.badge ? (queues?.[item.badge] ?? 0) : 0;
    return (
      <Link
        key={item.key}
        className={classes.entry}
        to={localizePath(item.path ?? '/', locale)}
        // Lit on its screens and those below it (a product's screen lights "Products"); only its own page is the current one.
        data-active={isActive(item, current) || undefined}
        aria-current={current === item.path ? 'page' : undefined}
        onClick={onNavigate}
      >
        <span className={classes.label}>{t(item.label)}</span>
        {waiting > 0 ? (
          <span className={classes.section}>
            <Badge size="sm" circle={waiting < 10} data-testid={`menu-badge-${item.key}`}>
              {waiting}
            </Badge>
          </span>
        ) : null}
      </Link>
    );
  });
}

/** The logout entry, last in the menu: a plain link (it ends the session on the server). */
export function LogoutLink() {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <a className={classes.entry} href={localizePath('/user/logout', locale)}>
      <span className={classes.label}>{t('nav.logout')}</span>
    </a>
  );
}

export const menuScroll = classes.scroll;
