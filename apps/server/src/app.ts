import fs from 'node:fs';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { accountRoutes } from './accounts/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { DEFAULT_LIMITS, type AppContext, type Limits } from './app-context.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { installEnvelope, sendError } from './http/envelope.ts';
import { contentRoutes } from './content/routes.ts';
import { createEventBus } from './events/bus.ts';
import { fundsRoutes } from './funds/routes.ts';
import { marketRoutes } from './markets/routes.ts';
import { Markets } from './markets/service.ts';
import { createNotifier } from './notify/notifier.ts';
import { siteRoutes } from './site/routes.ts';
import { spotRoutes } from './spot/routes.ts';
import { SpotService } from './spot/service.ts';
import { UPLOAD_BYTES_MAX, uploadRoutes, uploadsDir } from './uploads/routes.ts';
import { UploadUrls } from './uploads/signing.ts';

export const BODY_BYTES_MAX = 1024 * 1024;

export type BuildOptions = {
  config: Config;
  database: Database;
  limits?: Partial<Limits>;
  logger?: FastifyServerOptions['logger'];
};

/** The whole HTTP app: API under /api, back office API under /api/admin, uploads, and the built web apps. */
export async function buildApp(options: BuildOptions) {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: BODY_BYTES_MAX, trustProxy: true });
  const bus = createEventBus();
  const markets = await Markets.open(options.database.db, bus, {
    seed: options.config.marketSeed,
    onError: (error) => app.log.error({ err: error }, 'saving candles failed'),
  });
  const ctx: AppContext = {
    config: options.config,
    database: options.database,
    db: options.database.db,
    notifier: createNotifier({ smtpUrl: options.config.smtpUrl, log: app.log }),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    bus,
    markets,
    spot: await SpotService.open(options.database.db, bus, { markets, onError: (error) => app.log.error({ err: error }, 'spot trading failed') }),
    uploads: await UploadUrls.open(options.database.db),
  };
  app.addHook('onClose', () => ctx.spot.stop());
  app.addHook('onClose', () => markets.stop());

  installEnvelope(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: UPLOAD_BYTES_MAX, files: 1 } });
  // Body-dependent keys (login per account) need the parsed body, hence the preHandler hook.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });

  await app.register(
    async (api) => {
      accountRoutes(api, ctx);
      uploadRoutes(api, ctx);
      siteRoutes(api, ctx);
      marketRoutes(api, ctx);
      fundsRoutes(api, ctx);
      spotRoutes(api, ctx);
      contentRoutes(api, ctx);
      await api.register(async (admin) => adminRoutes(admin, ctx), { prefix: '/admin' });
    },
    { prefix: '/api' },
  );

  fs.mkdirSync(uploadsDir(ctx), { recursive: true });
  // Uploads are served only on a valid signed URL; anything else gets the same 404 as a missing file.
  await app.register(async (uploads) => {
    uploads.addHook('onRequest', async (request, reply) => {
      if (ctx.uploads.secondsLeft(request.url) === 0) return sendError(request, reply, 'not_found');
    });
    await uploads.register(fastifyStatic, {
      root: uploadsDir(ctx),
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      // The user's own browser may keep it, shared caches may not, and no one past the URL's expiry.
      setHeaders: (reply) => reply.header('cache-control', `private, max-age=${ctx.uploads.secondsLeft(reply.request.url)}`),
    });
  });
  if (fs.existsSync(options.config.adminDist)) {
    await app.register(fastifyStatic, { root: options.config.adminDist, prefix: '/admin/', decorateReply: false });
  }
  if (fs.existsSync(options.config.webDist)) {
    await app.register(fastifyStatic, { root: options.config.webDist, prefix: '/', decorateReply: false });
  }

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'not_found'));
  return { app, ctx };
}

