import type { Database } from './db/client.ts';
import type { Env } from './config/env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Env;
  }
}
