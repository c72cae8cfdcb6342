// npm start: builds the web app and back office when their build is missing, and the server when its build is
// missing or older than its sources (apps/server/build.mjs), then serves everything (API, realtime, /, /admin)
// from one process running the built JavaScript, on the embedded database unless DATABASE_URL is set.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServerIfStale, SERVER_ENTRY } from '../apps/server/build.mjs';

const root = path.resolve(import.meta.dirname, '..');
for (const workspace of ['apps/web', 'apps/admin']) {
  if (!fs.existsSync(path.join(root, workspace, 'dist', 'index.html'))) {
    console.log(`building ${workspace} ...`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
const rebuilt = await buildServerIfStale();
if (rebuilt) console.log(`server built (${rebuilt})`);
// Stack traces name the TypeScript file and line through the build's source map.
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
