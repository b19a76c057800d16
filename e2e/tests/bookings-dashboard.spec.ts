import { expect, test, type Page } from '@playwright/test';
import { LOCAL_STORAGE_LANGUAGE_KEY } from '@goodtable/shared';
import { signUpThroughApi, storeSession } from '../fixtures.ts';
import { bookingWorld, createDraft, createRequest, demoSignIn, uniqueTitle, bearer } from '../support/bookings.ts';

const bookingList = (page: Page) => page.getByRole('region', { name: 'Bookings', exact: true });

test('a client signs in and lands on its dashboard: groupings with counts, drafts archive, Bookings in the menus', async ({ page, request }) => {
  const { email, password, auth } = await signUpThroughApi(request, 'dashboard');
  const world = await bookingWorld(request, { client: auth });
  const requestTitle = uniqueTitle('Reef dinner');
  await createRequest(request, { world, title: requestTitle });
  await createDraft(request, { client: auth, title: uniqueTitle('First draft') });
  await createDraft(request, { client: auth, title: uniqueTitle('Second draft') });

  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/bookings');
  await expect(page).toHaveTitle('My events | GoodTable');
  await expect(page.getByRole('link', { name: 'In progress: 1 booking' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Drafts: 2 bookings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Confirmed bookings: 0 bookings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Completed: 0 bookings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancelled: 0 bookings' })).toBeVisible();

  const row = bookingList(page).getByRole('article', { name: requestTitle });
  await expect(row.getByText('Awaiting restaurant response')).toBeVisible();
  await expect(row.getByText(world.options.restaurant.name!)).toBeVisible();
  await expect(bookingList(page).getByText('3 bookings')).toBeVisible();

  // The drafts archive link shows with drafts and opens the Drafts filter.
  await page.getByRole('link', { name: 'Drafts archive (2)' }).click();
  await expect(page).toHaveURL((url) => url.search === '?status=DRAFT');
  await expect(bookingList(page).getByRole('button', { name: 'Drafts', pressed: true })).toBeVisible();
  await expect(bookingList(page).getByRole('article')).toHaveCount(2);
  await expect(bookingList(page).getByText('Resume Draft')).toHaveCount(2);

  // Each filter has its own empty state.
  await page.getByRole('link', { name: 'Completed: 0 bookings' }).click();
  await expect(bookingList(page).getByRole('heading', { name: 'No completed events' })).toBeVisible();

  // Header and profile menu carry Bookings; the profile menu works from the keyboard.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' })).toBeVisible();
  await page.getByRole('button', { name: 'Open profile menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Bookings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Bookings' })).toHaveCount(0);
});

test('filters, sort, search and paging change the list and live in the address', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'list-state');
  const world = await bookingWorld(request, { client: auth });
  const prefix = uniqueTitle('Paging');
  const requestTitle = `${prefix} request`;
  await createRequest(request, { world, title: requestTitle });
  for (let index = 1; index <= 10; index += 1) await createDraft(request, { client: auth, title: `${prefix} draft ${String(index).padStart(2, '0')}` });
  await storeSession(page, auth.token);

  await page.goto('/bookings');
  await bookingList(page).getByLabel('Search').fill(prefix);
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === prefix);
  await expect(bookingList(page).getByText('11 bookings')).toBeVisible();
  await expect(bookingList(page).getByRole('article')).toHaveCount(10);
  // Latest first: the last draft made leads.
  await expect(bookingList(page).getByRole('article').first()).toHaveAccessibleName(`${prefix} draft 10`);

  await bookingList(page).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  await expect(bookingList(page).getByText('Page 2 of 2')).toBeVisible();
  await expect(bookingList(page).getByRole('article')).toHaveCount(1);
  await expect(bookingList(page).getByRole('article')).toHaveAccessibleName(requestTitle);

  // A filter starts again at the first page.
  await bookingList(page).getByRole('button', { name: 'In progress' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'IN_PROGRESS' && !url.searchParams.has('page'));
  await expect(bookingList(page).getByRole('article')).toHaveCount(1);
  await expect(bookingList(page).getByRole('article').getByText('Awaiting restaurant response')).toBeVisible();

  await bookingList(page).getByRole('button', { name: 'Completed' }).click();
  await expect(bookingList(page).getByRole('heading', { name: 'No bookings match your search' })).toBeVisible();

  // Event Date: the dated request before the undated drafts.
  await bookingList(page).getByRole('button', { name: 'All' }).click();
  await bookingList(page).getByLabel('Sort by').selectOption('date:asc');
  await expect(page).toHaveURL((url) => url.searchParams.get('sortBy') === 'date:asc' && !url.searchParams.has('status'));
  await expect(bookingList(page).getByRole('article').first()).toHaveAccessibleName(requestTitle);

  // The address alone restores the list (a shared link, a reload).
  await page.reload();
  await expect(bookingList(page).getByLabel('Search')).toHaveValue(prefix);
  await expect(bookingList(page).getByLabel('Sort by')).toHaveValue('date:asc');
  await expect(bookingList(page).getByRole('article').first()).toHaveAccessibleName(requestTitle);

  await bookingList(page).getByLabel('Search').fill(`${prefix} nothing like this`);
  await expect(bookingList(page).getByRole('heading', { name: 'No bookings match your search' })).toBeVisible();
  await bookingList(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(bookingList(page).getByLabel('Search')).toHaveValue('');
});

test('a manager sees All Bookings across its restaurants, and one restaurant’s', async ({ page, request }) => {
  const manager = await demoSignIn(request, 'manager');
  const managed = (await (await request.get(`/v1/managers/${manager.user.id}/restaurants?status=active`, { headers: bearer(manager) })).json()) as {
    data: { id: string; name: string }[];
  };
  const [first, second] = managed.data;
  const { auth } = await signUpThroughApi(request, 'manager-client');
  const world = await bookingWorld(request, { client: auth, restaurantId: first!.id });
  const title = uniqueTitle('Harbour dinner');
  await createRequest(request, { world, title });
  await storeSession(page, manager.token);

  await page.goto(`/bookings?search=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'All Bookings' })).toBeVisible();
  await expect(bookingList(page).getByRole('article', { name: title }).getByText('Action Required')).toBeVisible();
  await expect(page.getByRole('region', { name: /Needs your attention/ }).getByRole('article', { name: title })).toBeVisible();

  await page.goto(`/restaurants/${first!.id}/bookings?search=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { level: 1, name: `${first!.name}: bookings` })).toBeVisible();
  await expect(bookingList(page).getByRole('article', { name: title })).toBeVisible();
  // Opening one restaurant's bookings acts for it: the switcher and the navigation follow.
  await expect(page.getByRole('button', { name: /Acting as/ })).toContainText(first!.name);
  await expect(page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: `${first!.name} bookings` })).toBeVisible();

  // Switching to another restaurant on a bookings list shows that restaurant's bookings.
  await page.getByRole('button', { name: /Acting as/ }).click();
  await page.getByRole('menuitem', { name: second!.name }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/restaurants/${second!.id}/bookings`);
  await expect(page.getByRole('heading', { level: 1, name: `${second!.name}: bookings` })).toBeVisible();
  await bookingList(page).getByLabel('Search').fill(title);
  await expect(bookingList(page).getByRole('heading', { name: 'No bookings match your search' })).toBeVisible();
});

test('a cause follows the events raising money for it, read-only', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'cause-follow');
  const world = await bookingWorld(request, { client: auth });
  const title = uniqueTitle('Hope dinner');
  const booking = await createRequest(request, { world, title });
  const cause = await demoSignIn(request, 'cause');
  await storeSession(page, cause.token);

  await page.goto(`/bookings?search=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Events for your causes' })).toBeVisible();
  await expect(bookingList(page).getByRole('button', { name: 'Drafts' })).toHaveCount(0);
  const row = bookingList(page).getByRole('article', { name: title });
  await expect(row.getByText('awaiting restaurant response')).toBeVisible();
  await row.getByRole('link', { name: title }).click();

  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Event details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What you can do now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
});

test('the dashboard and its labels in Vietnamese', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'dashboard-vn');
  const world = await bookingWorld(request, { client: auth });
  await createRequest(request, { world, title: uniqueTitle('Bữa tối') });
  await createDraft(request, { client: auth, title: uniqueTitle('Bản nháp') });
  await storeSession(page, auth.token);
  await page.evaluate(([key]) => localStorage.setItem(key!, 'vn'), [LOCAL_STORAGE_LANGUAGE_KEY]);

  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Sự kiện của tôi' })).toBeVisible();
  await expect(page.getByText('Đang chờ nhà hàng phản hồi')).toBeVisible();
  await expect(page.getByText('Tiếp tục bản nháp')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kho bản nháp (1)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Đang xử lý' })).toBeVisible();
});
