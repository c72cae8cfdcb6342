/**
 * Back-office content under /api/admin/content/*: the items and the site settings. Admins write (each
 * write logged); support reads the items. Images uploaded here are public content images (images.ts).
 */
import { contentAdminListInput, contentIdInput, contentPreviewInput, contentSaveInput, siteSettingsInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { limitedBy } from '../http/rate-limits.ts';
import { editSiteSettings, siteSettings } from '../site/settings.ts';
import { contentItem, deleteContent, listContent, previewContent, saveContent } from './back-office.ts';
import { refreshFrameHosts } from './frame-hosts.ts';
import { CONTENT_IMAGES_PER_MINUTE, uploadContentImage } from './images.ts';

export function adminContentRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'config' | 'db'>) {
  const adminOnly = requireOperator(ctx.db, ['admin']);
  const readers = { preHandler: requireOperator(ctx.db, ['admin', 'support']) };
  const imageLimit = limitedBy(app, [{ name: 'content-image', max: CONTENT_IMAGES_PER_MINUTE, windowMs: 60_000, key: (request) => String(currentOperator(request).id) }]);

  app.get('/content/items', readers, async (request) => ok(await listContent(ctx, parse(contentAdminListInput, request.query))));
  app.get('/content/item', readers, async (request) => ok(await contentItem(ctx, parse(contentIdInput, request.query).id)));
  app.post('/content/save', { preHandler: adminOnly }, async (request) => ok(await saveContent(ctx, currentOperator(request), parse(contentSaveInput, request.body))));
  app.post('/content/delete', { preHandler: adminOnly }, async (request) => ok(await deleteContent(ctx, currentOperator(request), parse(contentIdInput, request.body).id)));
  app.post('/content/preview', { preHandler: adminOnly }, async (request) => ok(previewContent(parse(contentPreviewInput, request.body).content)));
  app.post('/content/images', { preHandler: [adminOnly, imageLimit] }, async (request) => ok(await uploadContentImage(ctx, currentOperator(request), request)));

  app.get('/content/settings', { preHandler: adminOnly }, async () => ok(await siteSettings(ctx.db)));
  app.post('/content/settings', { preHandler: adminOnly }, async (request) => {
    const settings = await editSiteSettings(ctx.db, currentOperator(request), parse(siteSettingsInput, request.body));
    await refreshFrameHosts(ctx);
    return ok(settings);
  });
}
