/**
 * `npm run operator:create -- --user NAME [--role admin|reviewer|support]`: creates an operator account
 * from the command line, for a production database with no operator yet (or one more account). The
 * password comes from ADMIN_PASSWORD, or else from standard input (typed without echo, or piped). The new
 * operator must change it at first login. Uses DATABASE_URL / DATA_DIR like the server; the embedded
 * database can only be opened while the server is stopped.
 */
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLE_NAMES } from '@fairex/contract';
import { checkSetupInput, createOperatorFromSetup, OperatorSetupError } from './admin/operator-accounts.ts';
import type { OperatorRole } from './admin/tables.ts';
import { databaseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { holdTradingLease } from './db/lease.ts';

const USAGE = 'usage: npm run operator:create -- --user NAME [--role admin|reviewer|support]  (password from ADMIN_PASSWORD or standard input)';

async function readPassword(): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    process.stdout.write('password: ');
    // Typed characters are not echoed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  }
  try {
    for await (const line of rl) return line;
    return '';
  } finally {
    rl.close();
    if (process.stdin.isTTY) process.stdout.write('\n');
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { user: { type: 'string' }, role: { type: 'string', default: 'admin' } } });
  if (!values.user || !(OPERATOR_ROLE_NAMES as readonly string[]).includes(values.role!)) {
    console.error(USAGE);
    return 2;
  }
  const password = process.env.ADMIN_PASSWORD || (await readPassword());
  // Refused before the database is opened (or the server's lease asked for).
  checkSetupInput(values.user, password);
  // Only the database: the price feed's settings play no part in creating an operator.
  const config = databaseConfig();
  // PGlite allows one process: refuse rather than wait while the server holds the embedded database.
  const lease = config.databaseUrl
    ? { release: async () => {} }
    : await holdTradingLease({
        dataDir: config.dataDir,
        onWait: (holder) => {
          throw new OperatorSetupError(`${holder} holds the embedded database: stop the server, then run this again`);
        },
        onLost: () => {},
      });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const operator = await createOperatorFromSetup(database.db, { username: values.user, password, role: values.role as OperatorRole }, 'command');
    console.log(`operator "${operator.username}" (${operator.role}) created; it must change its password at first login`);
    return 0;
  } finally {
    await database.close();
    await lease.release();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (!(error instanceof OperatorSetupError)) throw error;
  console.error(`operator not created: ${error.message}`);
  process.exitCode = 1;
}
