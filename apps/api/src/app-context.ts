import type { Database } from './db/client.ts';
import type { Env } from './config/env.ts';
import type { FileStorage } from './storage/file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Env;
    storage: FileStorage;
  }
}
