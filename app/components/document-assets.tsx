import { Children, cloneElement, isValidElement, type ReactElement, useContext } from 'react';
import { Links, Scripts, UNSAFE_FrameworkContext as FrameworkContext, useMatches } from 'react-router';

// How a page asks for its CSS and JavaScript (decision 072): the CSS first, so that the browser can
// paint the server-rendered page while the JavaScript that makes it interactive is on its way — a
// merchant's phone on a mobile network sees the page seconds sooner (issue 20 §24).

/**
 * The stylesheets of the page's routes, as React resources (`precedence`), in place of the ones
 * React Router's `<Links />` writes. React writes a resource stylesheet at the top of the head,
 * before the module preloads it hoists there from `<Scripts />`; `<Links />` wrote them after those,
 * as plain elements. On a navigation to a route with CSS of its own, React also waits for that CSS
 * before it shows the new screen. Under Vite's dev server the CSS comes from Vite's client, and
 * `<Links />` adds its critical CSS: it stays there.
 */
export function RouteStylesheets() {
  const manifest = useContext(FrameworkContext)?.manifest;
  const matches = useMatches();
  if (import.meta.env.DEV) return <Links />;
  const hrefs = new Set(matches.flatMap((match) => manifest?.routes[match.id]?.css ?? []));
  return [...hrefs].map((href) => <link key={href} rel="stylesheet" href={href} precedence="route" />);
}

/**
 * React Router's `<Scripts />`, with its module preloads at low priority: the browser still fetches
 * every module at once (no waterfall of imports), but after the document and its CSS, instead of
 * sharing a slow network with them. `<Scripts />` takes no option for it, so its elements are
 * rendered here and the preloads get `fetchPriority`; a second `<link>` for the same module would
 * not do, as Chrome raises a preload to the highest priority any tag asks for.
 */
export function PageScripts({ nonce }: { nonce: string | undefined }) {
  // A call, not an element: its hooks run as this component's own, on every render alike.
  const scripts = Scripts({ nonce });
  if (!isValidElement<{ children?: React.ReactNode }>(scripts)) return scripts;
  return Children.map(scripts.props.children, (child) => (isModulePreload(child) ? cloneElement(child, { fetchPriority: 'low' }) : child));
}

function isModulePreload(node: React.ReactNode): node is ReactElement<{ rel: string; fetchPriority?: string }> {
  return isValidElement<{ rel?: unknown }>(node) && node.type === 'link' && node.props.rel === 'modulepreload';
}
