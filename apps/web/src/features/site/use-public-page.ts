import { useTranslation } from 'react-i18next';
import { usePageDescription } from '../../hooks/use-page-description.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';

/** The public pages' title and description (`public-site.json` → `meta.<page>`), the same the server puts in the HTML. */
export function usePublicPageMeta(page: string): void {
  const { t } = useTranslation('public-site');
  usePageTitle(t(`meta.${page}.title`));
  usePageDescription(t(`meta.${page}.description`));
}
