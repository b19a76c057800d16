import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { authResponseSchema } from '@goodtable/shared';
import { storeSession, uniqueEmail } from '../fixtures.ts';
import { linkPath, waitForEmail } from '../support/mailbox.ts';

test('a manager adds a restaurant and a team member, who then acts for it', async ({ page, request, browser }) => {
  // A long story across two browsers: give it three times the usual time.
  test.slow();
  const managerEmail = uniqueEmail('team-manager');
  const signUp = await request.post('/v1/auth/sign-up', {
    data: { email: managerEmail, password: `pw-${randomUUID()}`, first_name: 'Hanh', last_name: 'Vu', role: 'manager', name: 'Vu Hospitality' },
  });
  expect(signUp.status()).toBe(201);
  const manager = authResponseSchema.parse(await signUp.json());
  await storeSession(page, manager.token);

  // Register a restaurant from /account.
  await page.goto('/account');
  const restaurants = page.getByRole('region', { name: 'Restaurants you manage' });
  const restaurantName = `Pho Team ${randomUUID().slice(0, 6)}`;
  const restaurantEmail = uniqueEmail('team-restaurant');
  const addForm = restaurants.getByRole('form', { name: 'Register a new restaurant' });
  await addForm.getByLabel('Restaurant name').fill(restaurantName);
  await addForm.getByLabel('First name').fill('Lam');
  await addForm.getByLabel('Last name').fill('Ho');
  await addForm.getByLabel('Email address').fill(restaurantEmail);
  await addForm.getByRole('button', { name: 'Register restaurant' }).click();
  await expect(restaurants.getByRole('list', { name: 'Restaurants you manage' }).getByText(restaurantName)).toBeVisible();
  await waitForEmail(request, { to: restaurantEmail, subject: new RegExp(`${restaurantName} is now on GoodTable`) });

  // Invite a team member from /sub-manager/add (profile menu: Additional Members).
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Additional Members' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/sub-manager/add');
  const memberEmail = uniqueEmail('team-member');
  // The address changes before the new screen has replaced /account (which has name fields too): fill the invite form only.
  const inviteForm = page.getByRole('region', { name: 'Invite a team member' });
  await inviteForm.getByLabel('First name').fill('Khoa');
  await inviteForm.getByLabel('Last name').fill('Dinh');
  await inviteForm.getByLabel('Email address').fill(memberEmail);
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${memberEmail}.`)).toBeVisible();
  await expect(page.getByText(`${memberEmail} · Invitation sent`)).toBeVisible();

  // The member accepts from the email, in a browser of their own.
  const invitation = await waitForEmail(request, { to: memberEmail, subject: /invited you to their GoodTable team/ });
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(linkPath(invitation, '/reset-password'));
  await expect(memberPage.getByRole('heading', { name: 'Welcome to GoodTable' })).toBeVisible();
  await memberPage.getByLabel('New password').fill(`member-${randomUUID()}`);
  await memberPage.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(memberPage.getByRole('button', { name: 'Open profile menu' })).toBeVisible();

  // A sub-manager has no Additional Members, but sees the team's restaurant and acts for it.
  await memberPage.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(memberPage.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(memberPage.getByRole('menuitem', { name: 'Additional Members' })).toHaveCount(0);
  await memberPage.keyboard.press('Escape');
  await memberPage.getByRole('button', { name: /Acting as/ }).click();
  await memberPage.getByRole('menuitem', { name: restaurantName }).click();
  // Signed in, the member is on its dashboard: acting for a restaurant there opens that restaurant's bookings.
  await expect(memberPage).toHaveURL((url) => /^\/restaurants\/[0-9a-f-]+\/bookings$/.test(url.pathname));
  await expect(memberPage.getByRole('button', { name: /Acting as/ })).toContainText(restaurantName);

  // The choice survives a reload.
  await memberPage.reload();
  await expect(memberPage.getByRole('button', { name: /Acting as/ })).toContainText(restaurantName);
  await memberContext.close();

  // The manager sees the member as joined.
  await page.reload();
  await expect(page.getByText(`${memberEmail} · Joined`)).toBeVisible();
});

test('a restaurant grants a manager’s access request from /account', async ({ page, request }) => {
  const restaurantEmail = uniqueEmail('asked-restaurant');
  const restaurantPassword = `pw-${randomUUID()}`;
  const restaurant = await request.post('/v1/auth/sign-up', {
    data: { email: restaurantEmail, password: restaurantPassword, first_name: 'Tam', last_name: 'Ly', role: 'seller', name: 'Banh Xeo Ly' },
  });
  expect(restaurant.status()).toBe(201);
  const managerSignUp = await request.post('/v1/auth/sign-up', {
    data: { email: uniqueEmail('asking-manager'), password: `pw-${randomUUID()}`, first_name: 'Quynh', last_name: 'Mai', role: 'manager' },
  });
  const manager = authResponseSchema.parse(await managerSignUp.json());

  await storeSession(page, manager.token);
  await page.goto('/account');
  const requestForm = page.getByRole('form', { name: 'Ask an existing restaurant for access' });
  await requestForm.getByLabel('Restaurant’s email address').fill(restaurantEmail);
  await requestForm.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Banh Xeo Ly · Pending')).toBeVisible();
  await waitForEmail(request, { to: restaurantEmail, subject: /asks to manage your restaurant/ });

  const restaurantAuth = authResponseSchema.parse(await restaurant.json());
  await storeSession(page, restaurantAuth.token);
  await page.goto('/account');
  const managers = page.getByRole('region', { name: 'Managers' });
  await expect(managers.getByText('Waiting for your answer')).toBeVisible();
  await managers.getByRole('button', { name: 'Grant access' }).click();
  await expect(managers.getByText('Has access')).toBeVisible();

  const list = await request.get(`/v1/managers/${manager.user.id}/restaurants`, { headers: { authorization: `Bearer ${manager.token.access_token}` } });
  expect(((await list.json()) as { data: { name: string }[] }).data.map((r) => r.name)).toEqual(['Banh Xeo Ly']);
});
