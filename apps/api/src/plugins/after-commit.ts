import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inAfterCommitScope, openAfterCommitScope, runAfterCommitWork } from '../db/after-commit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    afterCommitScope: ReturnType<typeof openAfterCommitScope> | null;
  }
}

/**
 * Every request is an after-commit scope (db/after-commit.ts): the provider calls its transactions handed over run
 * before it answers, so what the client reads next already shows them (a cancellation's refunds). Opened in
 * preHandler, after the body is read, so the handler runs inside it.
 */
export const afterCommitPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('afterCommitScope', null);
  app.addHook('preHandler', (request, _reply, done) => {
    const scope = openAfterCommitScope(app.db);
    request.afterCommitScope = scope;
    inAfterCommitScope(scope, done);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.afterCommitScope) {
      await runAfterCommitWork(request.afterCommitScope, (error) => request.log.error({ err: error }, 'after-commit work failed: its retrying job will do it'));
    }
    return payload;
  });
});
