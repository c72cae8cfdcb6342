/**
 * A process that takes the embedded database's trading lease, as main.ts does, and keeps it until it
 * is killed: prints `waiting <holder>` when it starts waiting and `held <pid>` once granted.
 * Usage: tsx test/support/lease-holder.ts <data folder>
 */
import { holdTradingLease } from '../../src/db/lease.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: lease-holder.ts <data folder>');
await holdTradingLease({
  dataDir,
  retryMs: 50,
  onWait: (holder) => console.log(`waiting ${holder}`),
  onLost: () => process.exit(3),
});
console.log(`held ${process.pid}`);
setInterval(() => {}, 60_000);
