// Proves that migration 0007 normalises stored emails and mobiles, and refuses to run, naming the accounts,
// where two of them would collide: the migrations before it are applied to a fresh database, the rows
// inserted, then 0007's statements run as the migrator runs them (in one transaction).
import { describe, expect, it } from 'vitest';
import { MIGRATION_DATABASES, migrateBefore, statementsOf, type Run } from '../support/migrations.ts';

const insertUser = (id: number, email: string | null, mobile: string | null, areaCode = '86') =>
  `insert into users (id, account, email, mobile, area_code, password_hash, extension_code)
   values (${id}, ${email ? `'${email}'` : `'${mobile}'`}, ${email ? `'${email}'` : 'null'}, ${mobile ? `'${mobile}'` : 'null'}, '${areaCode}', 'x', 'INV${id}')`;

/** Applies 0000-0006, inserts the rows, then 0007 in one transaction; answers the error or the users after. */
async function migrateWith(run: Run, rows: string[]) {
  await migrateBefore(run, '0007');
  for (const row of rows) await run(row);
  await run('begin');
  try {
    for (const statement of statementsOf('0007_accounts_trust.sql')) await run(statement);
    await run('commit');
  } catch (error) {
    await run('rollback');
    return { error: error as Error };
  }
  return { users: (await run('select id, account, email, mobile, area_code from users order by id')).rows };
}


for (const [name, withDatabase, available] of MIGRATION_DATABASES) {
  describe.skipIf(!available)(`migration 0007 on ${name}`, () => {
    it('refuses to run and names the accounts when two emails differ only by case or spaces', async () => {
      const result = await withDatabase((run) =>
        migrateWith(run, [insertUser(1, 'demo@fairex.local', null), insertUser(2, 'DEMO@fairex.local ', null), insertUser(3, 'other@fairex.local', null)]),
      );
      expect(result.error?.message).toMatch(/accounts would collide/);
      expect(result.error?.message).toContain('email "demo@fairex.local" is shared by users 1, 2');
    });

    it('refuses to run when two mobiles are one number in one area code', async () => {
      const result = await withDatabase((run) => migrateWith(run, [insertUser(1, null, '13812345678'), insertUser(2, null, '138 1234 5678')]));
      expect(result.error?.message).toContain('mobile "86 13812345678" is shared by users 1, 2');
    });

    it('normalises emails, mobiles and account names when nothing collides', async () => {
      const result = await withDatabase((run) =>
        migrateWith(run, [insertUser(1, ' Mixed@Case.COM', null), insertUser(2, null, '138-1234-5678'), insertUser(3, 'x@y.com', '13812345678', '+44')]),
      );
      expect(result.error).toBeUndefined();
      expect(result.users).toEqual([
        { id: 1, account: 'mixed@case.com', email: 'mixed@case.com', mobile: null, area_code: '86' },
        { id: 2, account: '13812345678', email: null, mobile: '13812345678', area_code: '86' },
        { id: 3, account: 'x@y.com', email: 'x@y.com', mobile: '13812345678', area_code: '44' },
      ]);
    });
  });
}
