/**
 * A development start's demo system notice (marked demo, and saying so), in English, Simplified and
 * Traditional Chinese: readers of the other languages get the English version, as the fallback rule
 * says. Production seeds none.
 */
import type { NoticeTexts } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { hasDemoNotice, insertNotice } from './repository.ts';

const DEMO_TEXTS: NoticeTexts = {
  en: {
    title: 'Welcome to FairEx (demo notice)',
    body: 'This notice is demo data of a development start. Operators publish notices like this one under Notices in the back office, per language; your own deposits, withdrawals, identity reviews and filled orders appear in this list too.',
  },
  zh: {
    title: '欢迎使用 FairEx（演示公告）',
    body: '本公告是开发环境启动时生成的演示数据。运营人员在后台的“公告”中按语言发布此类公告；您自己的充值、提现、身份审核和成交订单也会出现在此列表中。',
  },
  hk: {
    title: '歡迎使用 FairEx（示範公告）',
    body: '本公告是開發環境啟動時產生的示範資料。營運人員在後台的「公告」中按語言發佈此類公告；您自己的充值、提現、身份審核和成交訂單也會出現在此列表中。',
  },
};

/** Publishes the demo notice at `now`, once. */
export async function seedNotificationsDemo(db: Db, now: number) {
  if (await hasDemoNotice(db)) return;
  await insertNotice(db, { texts: DEMO_TEXTS, publishAt: now, demo: true, createdAt: now, updatedAt: now });
}
