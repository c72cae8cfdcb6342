/**
 * A production start refuses a database that a development start seeded (security review finding 2).
 * Such a database holds the demo operator with the README's published password, demo users with
 * published passwords, and demo money credited by `demo_seed` entries that no deposit ever backed.
 * Refusing is the only safe answer: disabling the demo logins would still leave money in the ledger
 * that never came in (and has moved through demo trades since), so the data cannot be cleaned in place.
 * The message names what was found and how to go on: a new, empty database for production.
 */
import { eq, sql } from 'drizzle-orm';
import { verifyPassword } from './accounts/passwords.ts';
import { DEMO_OPERATOR } from './admin/operators.ts';
import { operators } from './admin/tables.ts';
import { queryRows, type Db } from './db/client.ts';

/** A start that must not go on; its message is for the person starting the server. */
export class DemoDataError extends Error {
  override name = 'DemoDataError';
}

/** Every demo user of a development start has an address at this domain (README; `.local` receives no mail). */
export const DEMO_ACCOUNT_DOMAIN = '@fairex.local';
/** How many demo user names the message lists before "and N more". */
const NAMES_SHOWN_MAX = 5;

export type DemoData = {
  /** The demo operator still answers to the published password. */
  demoOperator: boolean;
  /** Users funded by a `demo_seed` entry or at the demo domain, sorted. */
  demoUsers: string[];
  demoFundEntries: number;
  /** Rows marked demo, per table that has a `demo` column (only tables with some). */
  demoRows: { table: string; rows: number }[];
};

/**
 * The refusal's text, or undefined when the database holds no demo data.
 *   { demoOperator: true, demoUsers: ['demo@fairex.local'], demoFundEntries: 2, demoRows: [{ table: 'mining_products', rows: 3 }] }
 *   -> 'this database was seeded by a development start: the demo operator "admin" with the README's password;
 *       1 demo user (demo@fairex.local); 2 demo_seed ledger entries ...; 3 demo rows in mining_products. ...'
 */
export function demoDataRefusal(found: DemoData): string | undefined {
  const parts: string[] = [];
  if (found.demoOperator) parts.push(`the demo operator "${DEMO_OPERATOR.username}" with the README's published password`);
  if (found.demoUsers.length > 0) {
    const shown = found.demoUsers.slice(0, NAMES_SHOWN_MAX).join(', ');
    const more = found.demoUsers.length > NAMES_SHOWN_MAX ? ` and ${found.demoUsers.length - NAMES_SHOWN_MAX} more` : '';
    parts.push(`${found.demoUsers.length} demo user${found.demoUsers.length === 1 ? '' : 's'} with published passwords (${shown}${more})`);
  }
  if (found.demoFundEntries > 0) parts.push(`${found.demoFundEntries} demo_seed ledger entries (balances no deposit ever backed)`);
  if (found.demoRows.length > 0) parts.push(`rows marked demo in ${found.demoRows.map((t) => `${t.table} (${t.rows})`).join(', ')}`);
  if (parts.length === 0) return undefined;
  return (
    `this database was seeded by a development start and holds ${parts.join('; ')}. ` +
    'A production start needs a new, empty database: set DATABASE_URL (or DATA_DIR for the embedded database) to one and start again, ' +
    'with ADMIN_USER and ADMIN_PASSWORD for the first operator. The demo data cannot be removed in place: its money never came in.'
  );
}

/** What of a development start's seeding the database holds (a few reads and one password check on a clean database). */
export async function findDemoData(db: Db): Promise<DemoData> {
  const [operator] = await db.select({ passwordHash: operators.passwordHash }).from(operators).where(eq(operators.username, DEMO_OPERATOR.username)).limit(1);
  const users = await queryRows<{ account: string }>(
    db,
    sql`select account from users where account like ${`%${DEMO_ACCOUNT_DOMAIN}`}
        union
        select u.account from ledger_entries e
          join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id
          join users u on u.id = a.user_id
        where e.ref_type = 'demo_seed'
        order by account`,
  );
  const [entries] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ledger_entries where ref_type = 'demo_seed'`);
  const demoOperator = operator !== undefined && (await verifyPassword(DEMO_OPERATOR.password, operator.passwordHash));
  const found = { demoOperator, demoUsers: users.map((u) => u.account), demoFundEntries: entries?.n ?? 0 };
  // The demo rows only describe a database already found seeded: a clean one is not scanned table by table.
  if (!found.demoOperator && found.demoUsers.length === 0 && found.demoFundEntries === 0) return { ...found, demoRows: [] };
  // Every product table marks its demo rows with a boolean `demo` column; the catalogue lists them.
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'demo' and data_type = 'boolean' order by table_name`,
  );
  const demoRows: DemoData['demoRows'] = [];
  for (const { table_name } of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table_name)} where demo`);
    if (row && row.n > 0) demoRows.push({ table: table_name, rows: row.n });
  }
  return { ...found, demoRows };
}

/** Throws DemoDataError (with what was found and how to go on) when a production start meets demo data. */
export async function refuseDemoData(db: Db): Promise<void> {
  const refusal = demoDataRefusal(await findDemoData(db));
  if (refusal) throw new DemoDataError(refusal);
}
