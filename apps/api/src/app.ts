import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import './app-context.ts';
import { publicUrl, repoRoot, type Env } from './config/env.ts';
import type { DatabaseConnection } from './db/client.ts';
import { authPlugin } from './plugins/auth.ts';
import { afterCommitPlugin } from './plugins/after-commit.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { requestLogPlugin } from './plugins/request-log.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { healthPlugin } from './plugins/health.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { localUploadsDir, openFileStorage } from './storage/file-stores.ts';
import { uploadsRoutes } from './storage/uploads.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { causesRoutes } from './modules/causes/causes.routes.ts';
import { restaurantsRoutes } from './modules/restaurants/restaurants.routes.ts';
import { createMailer } from './email/mailer.ts';
import { createBusinessClock } from './lib/clock.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { createLiveHub } from './live/live-hub.ts';
import { liveRoutes } from './live/live.routes.ts';
import { devMailboxRoutes } from './email/dev-mailbox.routes.ts';
import { devClockRoutes } from './dev/dev-clock.routes.ts';
import { devMoneyRoutes } from './dev/dev-money.routes.ts';
import { managersRoutes } from './modules/managers/managers.routes.ts';
import { connectedAccountRoutes } from './modules/payments/connected-accounts.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createBookingTransitionListeners } from './modules/bookings/bookings.service.ts';
import { causeShareReader, paymentPort, paymentProviderFor } from './modules/payments/payments.service.ts';
import { ticketRoutes } from './modules/tickets/tickets.routes.ts';
import { donationRoutes } from './modules/donations/donations.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { blogFeedRoutes, blogRoutes } from './modules/blog/blog.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { siteFilesRoutes, siteRoutes } from './modules/site/site.routes.ts';

export type BuildAppOptions = {
  env: Env;
  database: DatabaseConnection;
  /** Where log lines go (standard output by default); tests read the log through it. */
  logStream?: { write: (line: string) => void };
};

/** Largest upload accepted (photos, logos). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Trusts the `hops` proxies nearest to the server (what Fastify does for a number; its types only take a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole API (and the built web app) as one Fastify instance; what the server and the tests build. */
export async function buildApp({ env, database, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL, ...(logStream ? { stream: logStream } : {}) },
    // Replaced by requestLogPlugin's single line per request.
    logController: new LogController({ disableRequestLogging: true }),
    // Off unless TRUST_PROXY names the proxies: X-Forwarded-For from anyone else is ignored (rate limits key on it).
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionTimeout: env.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    // Node arms its request timeout check only for a limit given when the server is created, and runs it every
    // connectionsCheckingInterval (30 s by default): often enough that a request is cut within a quarter of the limit.
    http: { requestTimeout: env.REQUEST_TIMEOUT_MS, connectionsCheckingInterval: Math.min(30_000, Math.ceil(env.REQUEST_TIMEOUT_MS / 4)) },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', env);
  // FILE_STORAGE: local disk, or a store every instance shares (docs/decisions/0295-shared-file-storage.md).
  const storage = await openFileStorage(env.FILE_STORAGE, { env, db: database.db });
  app.decorate('storage', storage);
  const clock = createBusinessClock({ connection: database, movable: env.NODE_ENV !== 'production' });
  app.decorate('clock', clock);
  const jobs = createJobQueue({ connection: database, clock, log: app.log });
  app.decorate('jobs', jobs);
  // Email: SMTP when SMTP_URL is set, else the dev mailbox (readable at /dev/mailbox outside production).
  app.decorate('mailer', createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db: database.db, jobs }));
  const live = createLiveHub({ connection: database, clock, jobs, log: app.log });
  app.decorate('live', live);
  app.decorate('bookingTransitions', createBookingTransitionListeners());
  app.decorate('paymentProvider', paymentProviderFor(env, { db: database.db, publicUrl: publicUrl(env) }));
  app.addHook('onReady', async () => {
    await clock.start();
    await live.start();
    await jobs.start();
  });
  // Open event streams would keep the server from closing.
  app.addHook('preClose', async () => live.closeStreams());
  app.addHook('onClose', async () => {
    await jobs.stop();
    live.stop();
    clock.stop();
  });
  // A response finished during shutdown closes its connection, so a keep-alive client cannot hold the shutdown open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // First, so its onRequest hook runs before any other can answer (rate limits, auth).
  await app.register(securityHeadersPlugin, { env });
  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  await app.register(afterCommitPlugin);
  // Before every route: its onRoute hook gives each route registered after it the compressing onSend hook.
  await app.register(compressionPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  await app.register(uploadsRoutes, { storage, localDir: localUploadsDir(env) });
  await app.register(openApiPlugin);
  await app.register(healthPlugin);
  await app.register(authPlugin);

  const causeShare = causeShareReader(env.PLATFORM_FEE_PERCENT);
  await app.register(
    async (v1) => {
      await v1.register(authRoutes);
      await v1.register(usersRoutes);
      await v1.register(causesRoutes);
      await v1.register(restaurantsRoutes);
      await v1.register(managersRoutes);
      await v1.register(connectedAccountRoutes);
      await v1.register(bookingsRoutes);
      await v1.register(paymentsRoutes);
      // Tickets and donations are paid through the payments module, which hands them its side of a payment
      // (docs/decisions/0241-tickets-and-donations-modules.md).
      const saleDeps = { payments: paymentPort(app.paymentProvider), causeShare };
      await v1.register(ticketRoutes, saleDeps);
      await v1.register(donationRoutes, saleDeps);
      await v1.register(eventsRoutes, { causeShare });
      await v1.register(notificationsRoutes);
      await v1.register(liveRoutes);
      await v1.register(blogRoutes);
      await v1.register(contactRoutes);
      await v1.register(subscriptionsRoutes);
      await v1.register(siteRoutes);
    },
    { prefix: '/v1' },
  );
  await app.register(siteFilesRoutes);
  await app.register(blogFeedRoutes);

  if (env.NODE_ENV !== 'production') {
    await app.register(devClockRoutes);
    await app.register(devMoneyRoutes);
  }
  if (!env.SMTP_URL && (env.DEV_MAILBOX ?? env.NODE_ENV !== 'production')) await app.register(devMailboxRoutes);

  // Unset: the web app built in this repository; empty: no web app (an API-only instance).
  const webDist = env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
  if (webDist) await app.register(webAppPlugin, { distDir: path.resolve(webDist) });

  return app;
}
