import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  clientPreferencesInputSchema,
  clientPreferencesSchema,
  countryListSchema,
  hostingPreferencesInputSchema,
  hostingPreferencesSchema,
  menuInputSchema,
  menuOrderInputSchema,
  menuSchema,
  publicRestaurantSchema,
  publishInputSchema,
  restaurantDirectoryQuerySchema,
  restaurantDirectorySchema,
  restaurantIdParamSchema,
  restaurantMenuParamSchema,
  restaurantPhotoParamSchema,
  restaurantPhotoSchema,
  restaurantProfileInputSchema,
  restaurantProfileSchema,
  restaurantSlugParamSchema,
} from '@goodtable/shared';
import { requireRole } from '../../plugins/auth.ts';
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import { requestContext, signedInContext } from '../../plugins/request-context.ts';
import { limitUploads } from '../../plugins/rate-limits.ts';
import { assertCanActForRestaurant } from '../managers/managers.service.ts';
import { listCountries } from '../../lib/countries.ts';
import { readPhotoUpload } from './restaurant-photo-files.ts';
import {
  addPhoto,
  createMenu,
  getClientPreferences,
  getHostingPreferences,
  getPublicRestaurant,
  getRestaurantDirectory,
  getRestaurantProfile,
  removePhoto,
  reorderMenus,
  setRestaurantPublished,
  updateClientPreferences,
  updateHostingPreferences,
  updateMenu,
  updateRestaurantProfile,
} from './restaurants.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const bearer = [{ bearerAuth: [] }];
/** Owner routes: the restaurant (seller user) itself, or a manager with an active link to it. */
const owner = requireRole('seller', 'manager');
const OWNER_NOTE = ' (the restaurant itself, or a manager that runs it; `{id}` is the restaurant’s user id)';

/**
 * Restaurants: reference countries, profiles with menus and photos, hosting preferences, clients'
 * defaults, the public directory and pages, and link previews of `/{slug}`.
 */
export async function restaurantsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { storage: app.storage };
  const context = (request: FastifyRequest) => requestContext(request, deps);
  const ownerContext = (request: FastifyRequest) => signedInContext(request, deps);
  // Hot read paths: responses serialised by fast-json-stringify (docs/decisions/0094-fast-serialisation-of-hot-paths.md).
  const serializerCompiler = fastSerializerCompiler({ verify: app.config.NODE_ENV === 'test' });

  routes.get('/reference/countries', {
    schema: {
      tags: ['reference'],
      summary: 'Countries (id = ISO code, name, flag, currency, time zones), sorted by name',
      response: { 200: countryListSchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { data: listCountries() };
    },
  });

  // ---------------------------------------------------------------- public

  routes.get('/restaurants', {
    serializerCompiler,
    schema: {
      tags: ['restaurants'],
      summary: 'Public restaurant directory: published restaurants, searched, filtered by region, cuisine and party size, sorted and paged',
      querystring: restaurantDirectoryQuerySchema,
      response: { 200: restaurantDirectorySchema, 400: apiErrorSchema },
    },
    handler: async (request) => getRestaurantDirectory(context(request), request.query),
  });

  routes.get('/restaurants/by-slug/:slug', {
    serializerCompiler,
    schema: {
      tags: ['restaurants'],
      summary: "A published restaurant's public page: photos, active menus with prices, hosting days, address",
      params: restaurantSlugParamSchema,
      response: { 200: publicRestaurantSchema, 404: apiErrorSchema },
    },
    handler: async (request) => getPublicRestaurant(context(request), request.params.slug),
  });

  // ---------------------------------------------------------------- owner: profile

  routes.get('/restaurants/:id/profile', {
    preHandler: owner,
    schema: { tags: ['restaurants'], summary: `A restaurant's profile with every menu and photo${OWNER_NOTE}`, security: bearer, params: restaurantIdParamSchema, response: { 200: restaurantProfileSchema, ...errors } },
    handler: async (request) => getRestaurantProfile(ownerContext(request), request.params.id),
  });

  routes.put('/restaurants/:id/profile', {
    preHandler: owner,
    schema: {
      tags: ['restaurants'],
      summary: `Save a restaurant's profile fields; currency and time zone follow the country${OWNER_NOTE}`,
      security: bearer,
      params: restaurantIdParamSchema,
      body: restaurantProfileInputSchema,
      response: { 200: restaurantProfileSchema, ...errors, 409: apiErrorSchema },
    },
    handler: async (request) => updateRestaurantProfile(ownerContext(request), { restaurantId: request.params.id, input: request.body }),
  });

  routes.put('/restaurants/:id/published', {
    preHandler: owner,
    schema: {
      tags: ['restaurants'],
      summary: `Publish (needs the required fields and an active menu; 400 names what is missing) or unpublish${OWNER_NOTE}`,
      security: bearer,
      params: restaurantIdParamSchema,
      body: publishInputSchema,
      response: { 200: restaurantProfileSchema, ...errors },
    },
    handler: async (request) => setRestaurantPublished(ownerContext(request), { restaurantId: request.params.id, published: request.body.published }),
  });

  // ---------------------------------------------------------------- owner: menus

  routes.post('/restaurants/:id/menus', {
    preHandler: owner,
    schema: {
      tags: ['restaurants'],
      summary: `Add a menu (price per head in the restaurant currency's minor unit)${OWNER_NOTE}`,
      security: bearer,
      params: restaurantIdParamSchema,
      body: menuInputSchema,
      response: { 201: menuSchema, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await createMenu(ownerContext(request), { restaurantId: request.params.id, input: request.body })),
  });

  routes.put('/restaurants/:id/menus/order', {
    preHandler: owner,
    schema: {
      tags: ['restaurants'],
      summary: `Reorder the menus: every menu id once, in the new order${OWNER_NOTE}`,
      security: bearer,
      params: restaurantIdParamSchema,
      body: menuOrderInputSchema,
      response: { 200: z.object({ data: z.array(menuSchema) }), ...errors },
    },
    handler: async (request) => ({ data: await reorderMenus(ownerContext(request), { restaurantId: request.params.id, input: request.body }) }),
  });

  routes.put('/restaurants/:id/menus/:menuId', {
    preHandler: owner,
    schema: {
      tags: ['restaurants'],
      summary: `Edit a menu, or deactivate it with active=false (menus are never deleted: bookings name them)${OWNER_NOTE}`,
      security: bearer,
      params: restaurantMenuParamSchema,
      body: menuInputSchema,
      response: { 200: menuSchema, ...errors },
    },
    handler: async (request) => updateMenu(ownerContext(request), { restaurantId: request.params.id, menuId: request.params.menuId, input: request.body }),
  });

  // ---------------------------------------------------------------- owner: photos

  routes.post('/restaurants/:id/photos', {
    preHandler: [owner, limitUploads(app.config.UPLOAD_RATE_LIMIT_MAX)],
    schema: {
      tags: ['restaurants'],
      summary: `Upload a photo (multipart field \`photo\`: JPEG, PNG or WebP up to 5 MB; stored as WebP ≤1600 px plus a thumbnail)${OWNER_NOTE}`,
      consumes: ['multipart/form-data'],
      security: bearer,
      params: restaurantIdParamSchema,
      response: { 201: restaurantPhotoSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const ctx = ownerContext(request);
      // Only someone who may act for the restaurant gets its upload read and decoded.
      await assertCanActForRestaurant(ctx, request.params.id);
      const upload = await readPhotoUpload(request);
      return reply.code(201).send(await addPhoto(ctx, { restaurantId: request.params.id, upload }));
    },
  });

  routes.delete('/restaurants/:id/photos/:photoId', {
    preHandler: owner,
    schema: { tags: ['restaurants'], summary: `Remove a photo${OWNER_NOTE}`, security: bearer, params: restaurantPhotoParamSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await removePhoto(ownerContext(request), { restaurantId: request.params.id, photoId: request.params.photoId });
      return reply.code(204).send(null);
    },
  });

  // ---------------------------------------------------------------- owner: hosting preferences

  routes.get('/restaurants/:id/hosting-preferences', {
    preHandler: owner,
    schema: {
      tags: ['restaurants'],
      summary: `Hosting preferences (defaults with saved=false until first saved)${OWNER_NOTE}`,
      security: bearer,
      params: restaurantIdParamSchema,
      response: { 200: hostingPreferencesSchema, ...errors },
    },
    handler: async (request) => getHostingPreferences(ownerContext(request), request.params.id),
  });

  routes.put('/restaurants/:id/hosting-preferences', {
    preHandler: owner,
    schema: {
      tags: ['restaurants'],
      summary: `Save hosting preferences: weekdays, service hours, guests, notice days, regions, cause categories${OWNER_NOTE}`,
      security: bearer,
      params: restaurantIdParamSchema,
      body: hostingPreferencesInputSchema,
      response: { 200: hostingPreferencesSchema, ...errors },
    },
    handler: async (request) => updateHostingPreferences(ownerContext(request), { restaurantId: request.params.id, input: request.body }),
  });

  // ---------------------------------------------------------------- clients' defaults

  routes.get('/me/client-preferences', {
    preHandler: requireRole('user'),
    schema: { tags: ['restaurants'], summary: "The signed-in client's defaults for new events (pre-fill the directory filters)", security: bearer, response: { 200: clientPreferencesSchema, ...errors } },
    handler: async (request) => getClientPreferences(ownerContext(request)),
  });

  routes.put('/me/client-preferences', {
    preHandler: requireRole('user'),
    schema: {
      tags: ['restaurants'],
      summary: "Save the signed-in client's defaults: region, party size, dietary needs",
      security: bearer,
      body: clientPreferencesInputSchema,
      response: { 200: clientPreferencesSchema, ...errors },
    },
    handler: async (request) => updateClientPreferences(ownerContext(request), request.body),
  });
}
