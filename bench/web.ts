// npm run bench:web: Lighthouse (mobile preset, simulated throttling) on the home, market, spot trade and
// assets pages of the built web app, served by the real server (npm start's main.ts) on a temporary
// embedded database with the demo seed. Debian's chromium is driven through chrome-launcher; no browser
// is downloaded. Pages behind the login gate get the demo user's session in localStorage, as the app
// keeps it. Prints each category's score and the paint and interactive times of the median of
// BENCH_WEB_RUNS runs per page and theme, with every run's performance score. BENCH_SMOKE=1 (npm test's
// smoke run): one page (home), one theme (light), one run, and exit code 1 when Lighthouse gives no score.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { STORAGE_VERSION } from '@fairex/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_USER } from '../apps/server/src/site/demo.ts';
import { SMOKE, smokeCheck, smokeOr } from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
// The first open of a new embedded database takes seconds, more on a busy machine.
const START_TIMEOUT_MS = 180_000;
const ATTEMPTS_MAX = 3;
/** The themes measured (contrast is checked in each): BENCH_WEB_THEMES=light,dark by default. */
const THEMES = (process.env.BENCH_WEB_THEMES ?? smokeOr('light,dark', 'light')).split(',') as ('light' | 'dark')[];
/** BENCH_WEB_REPORTS=<folder> keeps each run's full Lighthouse report (JSON) there, to see which elements fail. */
const REPORTS_DIR = process.env.BENCH_WEB_REPORTS;
const ALL_PAGES = [
  { name: 'home', route: '/' },
  { name: 'market', route: '/pages/market/market' },
  { name: 'spot trade', route: '/pages/transaction/currency?symbol=BTC/USDT' },
  { name: 'assets', route: '/pages/fund/assets' },
];
/** BENCH_WEB_PAGES=home,spot trade measures only those pages (all four by default, home alone in a smoke run). */
const PAGE_NAMES = process.env.BENCH_WEB_PAGES ?? (SMOKE ? 'home' : undefined);
const PAGES = PAGE_NAMES ? ALL_PAGES.filter((p) => PAGE_NAMES.split(',').includes(p.name)) : ALL_PAGES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/**
 * Runs per page and theme (BENCH_WEB_RUNS, 3 by default); the run with the median performance score is
 * reported, as Lighthouse's documentation advises repeated runs: one run varies by several points (the
 * server and the browser share 2 cores).
 */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? smokeOr(3, 1));

for (const workspace of ['apps/web', 'apps/admin']) {
  if (!fs.existsSync(path.join(root, workspace, 'dist', 'index.html'))) {
    console.log(`building ${workspace} ...`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

// The server as npm start runs it (development seed: demo user, market maker), in its own process.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-bench-web-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', MARKET_SEED: '20261122' };
delete env.DATABASE_URL;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
const log = fs.createWriteStream(path.join(dataDir, 'server.log'));
server.stdout.pipe(log);
server.stderr.pipe(log);
const started = Date.now();
for (;;) {
  if (server.exitCode !== null) throw new Error(`server exited: ${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
  try {
    if ((await fetch(`${baseUrl}/api/getSiteConfig`)).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() - started > START_TIMEOUT_MS) {
    server.kill('SIGTERM');
    throw new Error(`server did not start in time; its log: ${path.join(dataDir, 'server.log')}`);
  }
  await new Promise((r) => setTimeout(r, 250));
}

const login = await fetch(`${baseUrl}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ user_string: DEMO_USER.account, password: DEMO_USER.password }),
});
const loginBody = (await login.json()) as { type: string; message: string };
if (loginBody.type !== 'ok') throw new Error(`demo login: ${JSON.stringify(loginBody)}`);
const token = loginBody.message;

const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

/** The session and preferences in localStorage, under the keys the app reads (store.ts). */
async function keepSession(theme: string) {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(
    (values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    { token, lang: 'en', theme, h5Version: String(STORAGE_VERSION) },
  );
  await page.close();
}

const ms = (value: number | undefined) => (value === undefined ? '-' : `${(value / 1000).toFixed(2)} s`);
let version = '';
const rows: Record<string, string | number>[] = [];
const failing = new Map<string, Set<string>>();
try {
  for (const theme of THEMES) {
    for (const target of PAGES) {
      const runs: RunnerResult['lhr'][] = [];
      for (let run = 0; run < RUNS; run++) {
        await keepSession(theme);
        let result: RunnerResult | undefined;
        // Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine; such a run is repeated.
        for (let attempt = 1; attempt <= ATTEMPTS_MAX && (!result || result.lhr.runtimeError); attempt++) {
          result = await lighthouse(
            `${baseUrl}/#${target.route}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
            // The HTTP cache is cleared before each run (a first visit); localStorage is kept, so the session holds.
            { extends: 'lighthouse:default', settings: { clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'] } },
          );
        }
        if (!result || result.lhr.runtimeError) throw new Error(`no Lighthouse result for ${target.route}: ${result?.lhr.runtimeError?.message}`);
        // A report without a score in each category (a page that never painted, an audit that errored) measured nothing.
        for (const id of CATEGORIES) smokeCheck(typeof result.lhr.categories[id]?.score === 'number', `Lighthouse gave no ${id} score for ${target.name} (${theme})`);
        runs.push(result.lhr);
      }
      const performanceOf = (r: RunnerResult['lhr']) => r.categories.performance?.score ?? 0;
      const lhr = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b))[Math.floor(runs.length / 2)]!;
      const performances = runs.map((r) => Math.round(performanceOf(r) * 100));
      const { categories, audits } = lhr;
      version = lhr.lighthouseVersion;
      if (REPORTS_DIR) {
        fs.mkdirSync(REPORTS_DIR, { recursive: true });
        fs.writeFileSync(path.join(REPORTS_DIR, `${target.name.replace(' ', '-')}-${theme}.json`), JSON.stringify(lhr, null, 1));
      }
      const score = (id: (typeof CATEGORIES)[number]) => Math.round((categories[id]?.score ?? 0) * 100);
      rows.push({
        page: target.name,
        theme,
        performance: score('performance'),
        'runs (perf.)': performances.join(' '),
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        seo: score('seo'),
        FCP: ms(audits['first-contentful-paint']?.numericValue),
        LCP: ms(audits['largest-contentful-paint']?.numericValue),
        TBT: `${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
        TTI: ms(audits.interactive?.numericValue),
      });
      // Which audits cost points, so the table says where to look next.
      for (const id of CATEGORIES) {
        for (const ref of categories[id]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
            const set = failing.get(`${id}: ${ref.id}`) ?? new Set<string>();
            set.add(`${target.name} ${theme}`);
            failing.set(`${id}: ${ref.id}`, set);
          }
        }
      }
    }
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${version} mobile preset (simulated throttling), median of ${RUNS} runs, ${CHROMIUM}, node ${process.version}, ${os.cpus().length} cores`);
console.table(rows);
if (failing.size > 0) {
  console.log('audits below 0.9:');
  for (const [audit, where] of failing) console.log(`  ${audit} (${[...where].join(', ')})`);
}
