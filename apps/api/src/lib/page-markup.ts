import { localeToLanguageTag, PRODUCT_NAME, PUBLIC_NAVIGATION } from '@goodtable/shared';
import type { HtmlPage } from '../plugins/web-app.ts';
import { html, type SafeHtml } from './html.ts';

/**
 * The web app's text `key` (dotted path) of one namespace, in the page's language, with i18next's `{{name}}` values
 * and `_one`/`_other` plurals of `count`: the words a visitor reads before the app's code runs are the app's own.
 * A missing text writes its key, as i18next does.
 */
export function pageText(page: HtmlPage, namespace: string) {
  const texts = page.webText(namespace);
  const plurals = new Intl.PluralRules(localeToLanguageTag(page.language));
  const lookup = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  return (key: string, values: Record<string, string | number> = {}): string => {
    const plural = typeof values.count === 'number' ? lookup(`${key}_${plurals.select(values.count)}`) ?? lookup(`${key}_other`) : undefined;
    const text = plural ?? lookup(key);
    if (typeof text !== 'string') return key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/**
 * A public page's content in the app's site layout (apps/web site-layout.tsx, site-header.tsx, logo.tsx): the same
 * elements and class names as the app's render, so the served page looks like the app's until React replaces it.
 * The header has what needs no session: the logo and the main links. `data-first-html` tells the browser suite
 * the server's screen from the app's.
 */
export function siteFrame(page: HtmlPage, content: SafeHtml): SafeHtml {
  const t = pageText(page, 'common');
  return html`<div class="flex min-h-screen flex-col bg-white" data-first-html=""><a href="#main-content" class="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3">${t('skipToContent')}</a><header class="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur"><div class="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6"><div><a href="/" class="inline-flex items-center gap-2 rounded-md" aria-label="${t('header.home')}"><svg viewBox="0 0 32 32" class="size-8" aria-hidden="true"><rect width="32" height="32" rx="8" class="fill-brand-700"></rect><circle cx="16" cy="15" r="7.5" fill="none" stroke="#fff" stroke-width="2.5"></circle><path d="M8 25h16" stroke="#a7f3d0" stroke-width="2.5" stroke-linecap="round"></path></svg><span class="hidden text-lg font-bold tracking-tight text-slate-900 min-[25rem]:inline">${PRODUCT_NAME}</span></a></div><nav aria-label="${t('header.mainNavigation')}" class="hidden items-center gap-1 lg:flex">${PUBLIC_NAVIGATION.map(
    (link) => html`<a href="${link.to}" class="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900">${t(link.labelKey)}</a>`,
  )}</nav></div></header><main id="main-content" class="min-h-screen flex-1">${content}</main></div>`;
}

/** The column of an item's page (apps/web public-item-layout.tsx): a link back to its directory, then the item. */
export function itemColumn(options: { widthClassName: string; backTo: string; backLabel: string }, item: SafeHtml): SafeHtml {
  return html`<div class="mx-auto ${options.widthClassName} px-4 py-10 sm:px-6"><a href="${options.backTo}" class="text-sm font-semibold text-brand-700 hover:text-brand-800"><span aria-hidden="true">&larr;</span> ${options.backLabel}</a>${item}</div>`;
}

/** The app's text inputs and selects (apps/web components/form/input-styles.ts, with the filters' border). */
const FILTER_CONTROL_CLASS =
  'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-600 border-slate-300';

/** One of a directory's filters as it stands before any is chosen: a search box, a select showing its option, a number. */
export type DirectoryFilter = { label: string } & ({ kind: 'search'; placeholder: string } | { kind: 'select'; shown: string } | { kind: 'number' });

function directoryFilterField(filter: DirectoryFilter, index: number): SafeHtml {
  const id = `first-screen-filter-${index}`;
  const control =
    filter.kind === 'select'
      ? html`<select id="${id}" disabled class="${FILTER_CONTROL_CLASS}"><option>${filter.shown}</option></select>`
      : html`<input id="${id}" type="${filter.kind}"${filter.kind === 'search' ? html` placeholder="${filter.placeholder}"` : ''} disabled class="${FILTER_CONTROL_CLASS}" />`;
  return html`<div><label for="${id}" class="block text-sm font-medium text-slate-700">${filter.label}</label>${control}</div>`;
}

/**
 * A directory's first page (apps/web restaurants- and causes-directory-page.tsx, directory-results.tsx): heading,
 * subtitle, the filters, result count and the grid of cards. The filters are drawn in the app's place and size but
 * disabled (they need the app's code to work): the cards below them then stay where they are when the app takes over.
 */
export function directoryColumn(options: {
  heading: string;
  subtitle: string;
  filters: { gridClassName: string; fields: DirectoryFilter[] };
  results: string;
  gridClassName: string;
  items: SafeHtml[];
}): SafeHtml {
  return html`<div class="mx-auto max-w-7xl px-4 py-10 sm:px-6"><h1 class="text-3xl font-bold tracking-tight text-slate-900">${options.heading}</h1><p class="mt-2 text-slate-600">${options.subtitle}</p><div class="mt-8 grid gap-4 ${options.filters.gridClassName}">${options.filters.fields.map(directoryFilterField)}</div><p class="mt-6 text-sm text-slate-500">${options.results}</p>${
    options.items.length > 0 ? html`<ul class="mt-4 grid gap-5 ${options.gridClassName}">${options.items.map((item) => html`<li>${item}</li>`)}</ul>` : ''
  }</div>`;
}
