/**
 * Demo content for a development start (production seeds none): a banner and two news articles in
 * English and Chinese, and the FAQ, about, contact and compliance pages in English and Chinese, each
 * marked demo and saying so in its text. A second call adds nothing, and a page an operator has written
 * is never replaced.
 */
import type { ContentPageKey } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { demoItemCount, insertItem, lockPage, replaceVersions, updateItem, writtenPageKeys } from './repository.ts';
import { sanitizeContent } from './sanitize.ts';

type Versions = { en: { title: string; content: string }; zh: { title: string; content: string } };

const DEMO_NOTE = { en: '<p><em>Demo content of a development start.</em></p>', zh: '<p><em>开发环境的演示内容。</em></p>' };

const BANNER: Versions = {
  en: {
    title: 'Trade fairly: every price follows the public feed',
    content: '<h2>Fair by construction</h2><p>Orders meet real orders, options settle on the recorded index tick, and every figure you see is computed from real rows.</p>',
  },
  zh: {
    title: '公平交易：每个价格都跟随公开行情',
    content: '<h2>公平源于设计</h2><p>订单与真实订单撮合，期权按记录的指数价格结算，您看到的每个数字都来自真实记录。</p>',
  },
};

const NEWS: Versions[] = [
  {
    en: {
      title: 'Lock-up mining: daily rates published in advance',
      content:
        '<p>Each lock-up product publishes its rate for a day before that day starts. Every holder is paid the same rate, shown on each payout.</p><ul><li>Interest accrues from the day of deposit.</li><li>Early redemption costs the penalty shown before you confirm.</li></ul>',
    },
    zh: {
      title: '锁仓挖矿：每日利率提前公布',
      content: '<p>每个锁仓产品都会在当天开始前公布当天的利率。所有持有人按同一利率获得收益，每笔派息都会显示该利率。</p><ul><li>利息从存入当天开始计算。</li><li>提前赎回的违约金会在确认前显示。</li></ul>',
    },
  },
  {
    en: {
      title: 'Customer service is in the app',
      content: '<p>Open <strong>Settings → Customer service</strong> to write to us. Attach a screenshot if it helps; our team answers in the same thread.</p>',
    },
    zh: {
      title: '在应用内联系客服',
      content: '<p>打开<strong>设置 → 客服</strong>即可给我们留言。如有需要可以附上截图，我们的团队会在同一会话中回复。</p>',
    },
  },
];

const PAGES: Record<ContentPageKey, Versions> = {
  faq: {
    en: {
      title: 'Frequently asked questions',
      content:
        '<details><summary>How do I deposit?</summary><p>Open Assets → Deposit, choose a coin and network, send to the address shown and declare the amount with a payment voucher.</p></details>' +
        '<details><summary>Why must I verify my identity?</summary><p>Withdrawal limits depend on your verification level: 200 BTC a day at level 1, 500 BTC at level 2.</p></details>' +
        '<details><summary>What does trading cost?</summary><p>Each spot pair shows its maker and taker fees before you place an order.</p></details>',
    },
    zh: {
      title: '常见问题',
      content:
        '<details><summary>如何充值？</summary><p>打开 资产 → 充值，选择币种和网络，向显示的地址转账，并上传付款凭证申报金额。</p></details>' +
        '<details><summary>为什么需要身份认证？</summary><p>提现额度取决于认证等级：初级每日 200 BTC，高级每日 500 BTC。</p></details>' +
        '<details><summary>交易费用是多少？</summary><p>每个现货交易对在下单前都会显示挂单和吃单手续费。</p></details>',
    },
  },
  aboutus: {
    en: {
      title: 'About us',
      content: '<p>FairEx is an open-source trading and wealth platform: a double-entry ledger, a matching engine and scheduled settlements that follow the public price feed only.</p>',
    },
    zh: { title: '关于我们', content: '<p>FairEx 是一个开源的交易与理财平台：复式记账、撮合引擎和定时结算，结果只跟随公开行情。</p>' },
  },
  contactus: {
    en: {
      title: 'Contact us',
      content: '<p>Write to customer service from <strong>Settings → Customer service</strong>; we answer every day. For business enquiries: <a href="mailto:hello@fairex.local">hello@fairex.local</a>.</p>',
    },
    zh: {
      title: '联系我们',
      content: '<p>请在<strong>设置 → 客服</strong>中给客服留言，我们每天都会回复。商务合作：<a href="mailto:hello@fairex.local">hello@fairex.local</a>。</p>',
    },
  },
  operational_compliance: {
    en: {
      title: 'Operational compliance',
      content:
        '<h3>Risk disclosure</h3><p>Trading coins, contracts and options carries a risk of loss. Only trade what you can afford to lose.</p><h3>Identity and anti-money-laundering</h3><p>We verify identities and review deposits and withdrawals before they are credited or paid.</p>',
    },
    zh: {
      title: '运营合规',
      content: '<h3>风险提示</h3><p>币币、合约和期权交易存在亏损风险，请仅使用可承受损失的资金进行交易。</p><h3>身份认证与反洗钱</h3><p>我们会核验身份，并在入账或出金前审核充值和提现。</p>',
    },
  },
};

const versionsOf = (versions: Versions) =>
  (['en', 'zh'] as const).map((lang) => ({ lang, title: versions[lang].title, content: sanitizeContent(versions[lang].content + DEMO_NOTE[lang]), image: '' }));

/** Seeds the demo content, published at `now`. */
export async function seedContentDemo(db: Db, now: number) {
  const at = new Date(now);
  const seedNews = (await demoItemCount(db)) === 0;
  const written = await writtenPageKeys(db);
  await db.transaction(async (tx) => {
    if (seedNews) {
      const banner = await insertItem(tx, { categoryId: 5, status: 'published', sort: 10, publishAt: at, popup: false, demo: true }, at);
      await replaceVersions(tx, banner.id, versionsOf(BANNER));
      for (const [index, article] of NEWS.entries()) {
        // No popup: it would cover home on every visit of a development start.
        const item = await insertItem(tx, { categoryId: 4, status: 'published', sort: 0, publishAt: new Date(now - index * 60_000), popup: false, demo: true }, at);
        await replaceVersions(tx, item.id, versionsOf(article));
      }
    }
    for (const [key, versions] of Object.entries(PAGES) as [ContentPageKey, Versions][]) {
      if (written.includes(key)) continue;
      const page = await lockPage(tx, key, at);
      await updateItem(tx, page.id, { status: 'published', sort: 0, publishAt: at, popup: false, demo: true }, at);
      await replaceVersions(tx, page.id, versionsOf(versions));
    }
  });
}
