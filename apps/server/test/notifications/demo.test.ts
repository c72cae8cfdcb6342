// Proves the development start's demo notice: seeded once, marked demo, and read by a user in each of the
// eight languages in that language (none falls back to English).
import { LANGS } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedNotificationsDemo } from '../../src/notifications/demo.ts';
import { systemNotices } from '../../src/notifications/tables.ts';
import { makeUser } from '../support/app.ts';
import { useRig } from '../support/clock.ts';
import { listOf, notificationsRig } from './support.ts';

const rig = useRig(() => notificationsRig());

it('seeds the demo notice once, marked demo, and shows it in each of the eight languages', async () => {
  await seedNotificationsDemo(rig.test.db, rig.clock.now);
  await seedNotificationsDemo(rig.test.db, rig.clock.now);
  expect(await rig.test.db.select().from(systemNotices).where(eq(systemNotices.demo, true))).toHaveLength(1);
  const user = await makeUser(rig.test);
  const titles = new Set<string>();
  for (const lang of LANGS) {
    const notice = (await listOf(rig.test, user.token, {}, lang)).data.find((item) => item.source === 'system');
    expect(notice?.lang, lang).toBe(lang);
    titles.add(notice!.title);
  }
  expect(titles.size).toBe(LANGS.length);
});
