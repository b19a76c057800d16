import { lazy, type ComponentType, type ReactElement } from 'react';
import { SECONDARY_SCREEN_PATHS, type SecondaryScreenPath } from './secondary-screen-paths.ts';

/** A route screen in its own chunk, loaded on first visit of its route (keeps the entry chunk within budget). */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** The 404 page of unknown addresses and of table routes without a screen yet. */
export const NotFoundPage = lazyScreen(() => import('../components/errors/not-found-page.tsx'), 'NotFoundPage');
const HomePage = lazyScreen(() => import('../features/home/home-page.tsx'), 'HomePage');
const CausePage = lazyScreen(() => import('../features/causes/cause-page.tsx'), 'CausePage');
const CausesDirectoryPage = lazyScreen(() => import('../features/causes/causes-directory-page.tsx'), 'CausesDirectoryPage');
const RestaurantPage = lazyScreen(() => import('../features/restaurants/restaurant-page.tsx'), 'RestaurantPage');
const RestaurantsDirectoryPage = lazyScreen(() => import('../features/restaurants/restaurants-directory-page.tsx'), 'RestaurantsDirectoryPage');
// About, privacy and terms: one screen showing the text of its `page`.
const DocumentPage = lazy(async () => ({ default: (await import('../features/site/document-page.tsx')).DocumentPage }));
const HowItWorksPage = lazyScreen(() => import('../features/site/how-it-works-page.tsx'), 'HowItWorksPage');
const ContactPage = lazyScreen(() => import('../features/site/contact-page.tsx'), 'ContactPage');
const HelpPage = lazyScreen(() => import('../features/help/help-page.tsx'), 'HelpPage');
const BlogListPage = lazyScreen(() => import('../features/blog/blog-list-page.tsx'), 'BlogListPage');
const BlogPostPage = lazyScreen(() => import('../features/blog/blog-post-page.tsx'), 'BlogPostPage');
const SharePage = lazyScreen(() => import('../features/share/share-page.tsx'), 'SharePage');
const DonatePage = lazyScreen(() => import('../features/payments/donate-page.tsx'), 'DonatePage');

const SecondaryScreen = lazy(async () => {
  const { secondaryScreens } = await import('./secondary-route-screens.tsx');
  return { default: ({ path }: { path: SecondaryScreenPath }) => secondaryScreens[path] };
});

/**
 * The screen of each route of the shared route-access table, keyed by the table's path. A table route without an
 * entry is still guarded and shows the 404 page; a later feature plugs its screen in by adding an entry here (or to
 * the secondary screens when a first visit seldom lands on it).
 */
export const routeScreens: Readonly<Record<string, ReactElement>> = {
  '/': <HomePage />,
  '/404': <NotFoundPage />,
  '/causes': <CausesDirectoryPage />,
  '/cause/:id': <CausePage />,
  '/restaurants': <RestaurantsDirectoryPage />,
  '/:id': <RestaurantPage />,
  '/about': <DocumentPage page="about" />,
  '/privacy': <DocumentPage page="privacy" />,
  '/terms': <DocumentPage page="terms" />,
  '/how-it-works': <HowItWorksPage />,
  '/contact': <ContactPage />,
  '/help': <HelpPage />,
  '/blog': <BlogListPage />,
  '/blog/:id': <BlogPostPage />,
  '/share/:id': <SharePage />,
  '/donate/:id': <DonatePage />,
  ...Object.fromEntries(SECONDARY_SCREEN_PATHS.map((path) => [path, <SecondaryScreen path={path} />])),
};
