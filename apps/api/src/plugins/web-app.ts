import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Rewrites the HTML shell for one page before it is sent, e.g. to put a restaurant's title and Open Graph tags
 * in the document for crawlers that run no JavaScript. Returns undefined to leave the shell as it is.
 */
export type HtmlHeadProvider = (request: FastifyRequest) => Promise<{ title?: string; meta?: Record<string, string> } | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    addHtmlHeadProvider: (provider: HtmlHeadProvider) => void;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The shell cut once, where it is read, around its `<title>` and at `</head>`: a page's head is then put together by
 * concatenating escaped text between the pieces, so no text (e.g. a name holding `$'` or `</title>`) can change the
 * document's structure the way a string replacement pattern would.
 */
type ShellTemplate = { html: string; pieces?: { beforeTitle: string; title: string; afterTitle: string; fromHeadEnd: string } };

function splitShell(html: string): ShellTemplate {
  const titleStart = html.indexOf('<title>');
  const titleEnd = html.indexOf('</title>', titleStart);
  const headEnd = html.indexOf('</head>', titleEnd);
  if (titleStart === -1 || titleEnd === -1 || headEnd === -1) return { html };
  return {
    html,
    pieces: {
      beforeTitle: html.slice(0, titleStart),
      title: html.slice(titleStart + '<title>'.length, titleEnd),
      afterTitle: html.slice(titleEnd + '</title>'.length, headEnd),
      fromHeadEnd: html.slice(headEnd),
    },
  };
}

function renderHead(shell: ShellTemplate, head: { title?: string; meta?: Record<string, string> }): string {
  if (!shell.pieces) return shell.html;
  const { beforeTitle, title, afterTitle, fromHeadEnd } = shell.pieces;
  const tags = Object.entries(head.meta ?? {})
    .map(([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`)
    .join('');
  const titleText = head.title === undefined ? title : escapeHtml(head.title);
  return `${beforeTitle}<title>${titleText}</title>${afterTitle}${tags}${fromHeadEnd}`;
}

/** Serves the built single-page app: files as they are, and index.html for every other GET outside the API. */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const headProviders: HtmlHeadProvider[] = [];
  app.decorate('addHtmlHeadProvider', (provider: HtmlHeadProvider) => {
    headProviders.push(provider);
  });

  const indexPath = path.join(options.distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`web app not built (${indexPath} missing): run "npm run build" to serve it`);
    return;
  }
  // Re-read index.html when it changes, so a rebuild while the server runs never serves a shell that points at
  // deleted asset files.
  let cachedShell: { mtimeMs: number; template: ShellTemplate } = { mtimeMs: 0, template: splitShell('') };
  function currentShell(): ShellTemplate {
    const { mtimeMs } = fs.statSync(indexPath);
    if (mtimeMs !== cachedShell.mtimeMs) cachedShell = { mtimeMs, template: splitShell(fs.readFileSync(indexPath, 'utf8')) };
    return cachedShell.template;
  }
  await app.register(fastifyStatic, { root: options.distDir, serve: false });

  async function renderShell(request: FastifyRequest): Promise<string> {
    const shell = currentShell();
    for (const provider of headProviders) {
      const head = await provider(request);
      if (head) return renderHead(shell, head);
    }
    return shell.html;
  }

  const isApiPath = (url: string) => /^\/(v1|docs|dev|uploads)(\/|$|\?)/.test(url);
  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]!);
    if (isApiPath(urlPath)) return reply.callNotFound();
    const filePath = path.join(options.distDir, urlPath);
    if (filePath.startsWith(options.distDir) && urlPath !== '/' && fs.existsSync(filePath) && fs.statSync(filePath).isFile()) {
      // Vite fingerprints everything under /assets/: cache it for good; other files are revalidated.
      if (urlPath.startsWith('/assets/')) return reply.sendFile(urlPath, { maxAge: '365d', immutable: true });
      return reply.header('cache-control', 'no-cache').sendFile(urlPath, { cacheControl: false });
    }
    // A missing asset is a 404, not the app shell.
    if (path.extname(urlPath)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html').send(await renderShell(request));
  });
});
