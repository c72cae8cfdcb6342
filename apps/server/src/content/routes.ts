import { CONTENT_PAGE_KEYS, newsDetailInput, newsListInput, type NewsCategoryId } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { readArticle, readMenu, readNewsPage, readPage, readPopup } from './reading.ts';

/**
 * Home content and the pages in the reader's language (else English): news and banner lists, one item,
 * the popup ad (or null), GET /menu (the published pages) and each page (or null while unpublished).
 */
export function contentRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'db'>) {
  const reading = (request: FastifyRequest) => ({ lang: request.lang, now: ctx.clock() });

  app.post('/news/list', async (request) => {
    const input = parse(newsListInput, request.body);
    return ok(await readNewsPage(ctx.db, input.c_id as NewsCategoryId, input.page, input.limit, reading(request)));
  });

  app.post('/news/detail', async (request) => ok(await readArticle(ctx.db, parse(newsDetailInput, request.body).id, reading(request))));

  app.get('/news/index_pop', async (request) => ok(await readPopup(ctx.db, reading(request))));

  app.get('/menu', async (request) => ok(await readMenu(ctx.db, reading(request))));

  for (const key of CONTENT_PAGE_KEYS) app.get(`/${key}`, async (request) => ok(await readPage(ctx.db, key, reading(request))));
}
