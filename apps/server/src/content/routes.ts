import { newsDetailInput, newsListInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { DomainError, parse } from '../http/errors.ts';
import { newsItem, pageNews, popupNews } from './repository.ts';

/** Home content in the reader's language: news and banner lists, one item, and the popup ad (or null). */
export function contentRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/news/list', async (request) => {
    const input = parse(newsListInput, request.body);
    return ok(await pageNews(ctx.db, input.c_id, request.lang, input.page, input.limit));
  });

  app.post('/news/detail', async (request) => {
    const item = await newsItem(ctx.db, parse(newsDetailInput, request.body).id);
    if (!item) throw new DomainError('not_found');
    return ok(item);
  });

  app.get('/news/index_pop', async (request) => ok(await popupNews(ctx.db, request.lang)));
}
