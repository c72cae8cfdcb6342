// Proves migration 0019 on rows written before it: each news row becomes an item whose text is its
// version in the row's language (draft when it was unpublished, published at its creation time), and a
// row of an unknown category is kept as it was. The migrations before it run on a fresh database, the
// rows are inserted, then 0019's statements run, as the migrator runs them.
import { describe, expect, it } from 'vitest';
import { MIGRATION_DATABASES, migrateBefore, statementsOf, type Run } from '../support/migrations.ts';

async function migrateWith(run: Run, rows: string[]) {
  await migrateBefore(run, '0019');
  for (const row of rows) await run(row);
  for (const statement of statementsOf('0019_content_support.sql')) await run(statement);
  return {
    items: (await run(`select id, category_id, page_key, status, to_char(publish_at at time zone 'UTC', 'YYYY-MM-DD') as day, popup, sort, revision from news order by id`)).rows,
    versions: (await run('select news_id, lang, title, content, image from news_versions order by news_id')).rows,
  };
}

for (const [name, withDatabase, available] of MIGRATION_DATABASES) {
  describe.skipIf(!available)(`migration 0019 on ${name}`, () => {
    it('turns each news row into an item with its text as the version in its language', async () => {
      const result = await withDatabase((run) =>
        migrateWith(run, [
          `insert into news (id, category_id, lang, title, content, thumbnail, popup, published, sort, created_at) values
             (1, 4, 'en', 'Hello', '<p>Body</p>', '', false, true, 2, '2026-01-02T00:00:00Z'),
             (2, 5, 'zh', '横幅', '', '/uploads/x.png', true, false, 0, '2026-01-03T00:00:00Z'),
             (3, 9, 'en', 'Odd category', '', '', false, true, 0, '2026-01-04T00:00:00Z')`,
        ]),
      );
      expect(result.items).toEqual([
        { id: 1, category_id: 4, page_key: null, status: 'published', day: '2026-01-02', popup: false, sort: 2, revision: 1 },
        { id: 2, category_id: 5, page_key: null, status: 'draft', day: '2026-01-03', popup: true, sort: 0, revision: 1 },
        { id: 3, category_id: 9, page_key: null, status: 'published', day: '2026-01-04', popup: false, sort: 0, revision: 1 },
      ]);
      expect(result.versions).toEqual([
        { news_id: 1, lang: 'en', title: 'Hello', content: '<p>Body</p>', image: '' },
        { news_id: 2, lang: 'zh', title: '横幅', content: '', image: '/uploads/x.png' },
        { news_id: 3, lang: 'en', title: 'Odd category', content: '', image: '' },
      ]);
    });
  });
}
