import type { FastifyInstance } from 'fastify';
import { causesQuerySchema, formatMoney, PUBLIC_DIRECTORY_PAGE_SIZE, type Cause, type CauseActivity, type CauseListItem } from '@goodtable/shared';
import { html, type SafeHtml } from '../../lib/html.ts';
import { openGraphHead } from '../../lib/open-graph.ts';
import { directoryColumn, itemColumn, pageText, siteFrame } from '../../lib/page-markup.ts';
import { publicUrl } from '../../config/env.ts';
import type { HtmlHeadProvider, HtmlPage } from '../../plugins/web-app.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { presentCause } from './causes.presenter.ts';
import { findPublishedCauseBySlug, getCauseDirectory } from './causes.service.ts';

const CAUSE_PAGE_PATH = /^\/cause\/([a-z0-9-]+)\/?$/i;

/** A cause's logo, or its initial when it has none (apps/web cause-logo.tsx), at `pixels` square. */
export function causeLogoMarkup(cause: Pick<CauseListItem, 'name' | 'logo'>, options: { sizeClassName: string; pixels: number; alt: string }): SafeHtml {
  const { sizeClassName, pixels, alt } = options;
  if (cause.logo) return html`<img src="${cause.logo}" alt="${alt}" width="${pixels}" height="${pixels}" class="${sizeClassName} shrink-0 rounded-lg object-cover" />`;
  const label = alt ? html` role="img" aria-label="${alt}"` : html` aria-hidden="true"`;
  return html`<span${label} class="${sizeClassName} flex shrink-0 items-center justify-center rounded-lg bg-brand-100 text-xl font-semibold text-brand-800">${cause.name.charAt(0).toUpperCase()}</span>`;
}

/**
 * The first screen of a cause's page as the app renders it (apps/web cause-page.tsx): logo, name, category, story and
 * the money raised so far.
 */
function causeMarkup(page: HtmlPage, cause: Cause, activity: CauseActivity): SafeHtml {
  const t = pageText(page, 'causes');
  const site = pageText(page, 'public-site');
  const raised = activity.raised.map((money) => formatMoney(money.amount, money.currency, page.language)).join(' · ');
  return itemColumn(
    { widthClassName: 'max-w-4xl', backTo: '/causes', backLabel: t('page.backToCauses') },
    html`<article class="mt-6"><header class="flex flex-wrap items-center gap-6">${causeLogoMarkup(cause, {
      sizeClassName: 'size-24',
      pixels: 96,
      alt: t('page.logoAlt', { name: cause.name }),
    })}<div class="min-w-48 flex-1"><h1 class="text-3xl font-bold tracking-tight text-slate-900">${cause.name}</h1><p class="mt-2 inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">${t(`categories.${cause.category}`)}</p></div></header><section class="mt-10" aria-labelledby="cause-story-heading"><h2 id="cause-story-heading" class="text-xl font-semibold text-slate-900">${t('page.story')}</h2><p class="mt-3 leading-7 whitespace-pre-line text-slate-700">${cause.story}</p></section><section class="mt-10 rounded-xl bg-slate-50 p-6" aria-labelledby="cause-raised-heading"><h2 id="cause-raised-heading" class="text-xl font-semibold text-slate-900">${site('cause.raised')}</h2>${
      raised ? html`<p class="mt-2 text-3xl font-bold text-brand-800">${raised}</p>` : html`<p class="mt-2 text-slate-700">${site('cause.raisedNone')}</p>`
    }</section></article>`,
  );
}

/**
 * The first page of /causes as the app shows it with no filter (apps/web causes-directory-page.tsx): heading, count
 * and the cards, each linking to its cause's page.
 */
export async function causeDirectoryMarkup(app: FastifyInstance, page: HtmlPage): Promise<SafeHtml> {
  const t = pageText(page, 'causes');
  const query = causesQuerySchema.parse({ limit: PUBLIC_DIRECTORY_PAGE_SIZE });
  const directory = await getCauseDirectory({ db: app.db, clock: app.clock, viewer: null, storage: app.storage }, query);
  return directoryColumn({
    heading: t('directory.heading'),
    subtitle: t('directory.subtitle'),
    filters: {
      gridClassName: 'sm:grid-cols-[1fr_14rem_10rem]',
      fields: [
        { kind: 'search', label: t('directory.search'), placeholder: t('directory.searchPlaceholder') },
        { kind: 'select', label: t('directory.category'), shown: t('directory.allCategories') },
        { kind: 'select', label: pageText(page, 'common')('sortBy'), shown: t('sort.latest') },
      ],
    },
    results: t('directory.results', { count: directory.totalResults }),
    gridClassName: 'sm:grid-cols-2 lg:grid-cols-3',
    items: directory.data.map(
      (cause) =>
        html`<a href="/cause/${cause.slug}" class="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">${causeLogoMarkup(
          cause,
          { sizeClassName: 'size-16', pixels: 64, alt: '' },
        )}<div class="min-w-0"><h2 class="font-semibold text-slate-900">${cause.name}</h2><p class="mt-1 inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">${t(`categories.${cause.category}`)}</p></div></a>`,
    ),
  });
}

/**
 * What a cause has raised and its upcoming events (the site module's `getCauseActivity`, handed in by app.ts: the site
 * module already builds on this one, so importing it here would make a cycle).
 */
export type CauseActivityReader = (context: ReturnType<typeof requestContext>, causeId: string) => Promise<CauseActivity>;

/**
 * Title, Open Graph tags and first screen of `/cause/{slug}` in the served HTML, for crawlers and visitors before the
 * app's code runs; from the data the page's API calls return (GET /v1/causes/by-slug/{slug}, …/activity).
 */
export function causeHeadProvider(app: FastifyInstance, readCauseActivity: CauseActivityReader): HtmlHeadProvider {
  return async (request, page) => {
    const match = CAUSE_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const context = requestContext(request);
    const row = await findPublishedCauseBySlug(context, match[1]!);
    // No published cause has this address: the 404 page, with its status.
    if (!row) return { status: 404 };
    const cause = presentCause(row, app.storage);
    // Only the configured address: request headers (Host, X-Forwarded-Host) must not point links at another site.
    const base = publicUrl(app.config);
    const head = openGraphHead({
      name: cause.name,
      description: cause.story,
      url: `${base}/cause/${cause.slug}`,
      image: cause.logo ? { url: `${base}${cause.logo}` } : undefined,
    });
    return { ...head, body: siteFrame(page, causeMarkup(page, cause, await readCauseActivity(context, cause.id))) };
  };
}
