/**
 * What a start puts into the database. Every start: the site configuration (coins, rates, settings), the
 * symbols and the market maker, each idempotent. Development also seeds the demo operator and the demo
 * * user the README names, and demo wealth products (mining, IEO, dual investment, marked demo), the demo NFT catalogue, the demo copy traders and followers and the demo spot traders; production never does: its first operator comes from ADMIN_USER /
 * ADMIN_PASSWORD (or from `npm run operator:create`) and must change that password at first login, and it
 * refuses a database a development start seeded (production-start.ts).
 */
import { ensureFirstOperator } from './admin/operator-accounts.ts';
import { seedOperators } from './admin/operators.ts';
import type { Db } from './db/client.ts';
import { seedMarkets } from './markets/seed.ts';
import { seedDemo } from './site/demo.ts';
import { seedSite } from './site/seed.ts';
import { seedMarketMaker } from './spot/market-maker.ts';
import { seedMiningDemo } from './mining/demo.ts';
import { seedIeoDemo } from './ieo/demo.ts';
import { seedInvestDemo } from './invest/demo.ts';
import { seedNotificationsDemo } from './notifications/demo.ts';
import { seedContentDemo } from './content/demo.ts';
import { seedGrowthDemo } from './coupons/demo.ts';
import { seedNftDemo } from './nft/demo.ts';
import { seedLoansDemo } from './loans/demo.ts';
import { seedOtcDemo } from './otc/demo.ts';
import { seedCopyDemo } from './copy/demo.ts';
import { seedSpotDemo } from './spot/demo.ts';
import { refuseDemoData } from './production-start.ts';

export type StartSeedOptions = {
  production: boolean;
  /** ADMIN_USER / ADMIN_PASSWORD: read in production only, and only while no operator exists. */
  firstOperator: { username?: string; password?: string };
  log: { info(message: string): void; warn(message: string): void };
  /** The server's clock at start: demo products are placed around it. */
  now: number;
  /** DATA_DIR: where the demo NFT catalogue's files are written (no NFT demo without it). */
  dataDir?: string;
};

/**
 * Throws OperatorSetupError (a readable reason) when production asks for a first operator it cannot create,
 * and DemoDataError, before writing anything, when production meets a database a development start seeded.
 */
export async function seedOnStart(db: Db, options: StartSeedOptions) {
  if (options.production) await refuseDemoData(db);
  await seedSite(db);
  if (options.production) {
    const outcome = await ensureFirstOperator(db, options.firstOperator);
    if (outcome === 'created') options.log.info(`first operator "${options.firstOperator.username}" created from ADMIN_USER; it must change its password at first login`);
    if (outcome === 'exists' && options.firstOperator.username) options.log.info('ADMIN_USER / ADMIN_PASSWORD ignored: operator accounts already exist');
    if (outcome === 'missing') {
      options.log.warn('no operator account yet: set ADMIN_USER and ADMIN_PASSWORD and start again, or run `npm run operator:create -- --user NAME`');
    }
  } else {
    await seedOperators(db);
    await seedDemo(db);
  }
  await seedMarkets(db);
  await seedMarketMaker(db);
  if (!options.production) {
    // After the markets: dual investment products are linked to their symbols.
    await seedMiningDemo(db, options.now);
    await seedIeoDemo(db, options.now);
    await seedInvestDemo(db, options.now);
    await seedNotificationsDemo(db, options.now);
    await seedContentDemo(db, options.now);
    await seedGrowthDemo(db, options.now);
    if (options.dataDir) await seedNftDemo(db, options.now, options.dataDir);
    await seedLoansDemo(db, options.now);
    await seedOtcDemo(db, options.now);
    await seedCopyDemo(db, options.now);
    await seedSpotDemo(db);
  }
}
