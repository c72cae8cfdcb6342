/**
 * The suite's global setup: one migrated database for the whole run, which each test file's database
 * starts from (openTestDatabase) instead of replaying every migration (a second or two per database, and
 * the suite opens well over a hundred). On PostgreSQL a template database, copied by `create database ...
 * template`; on PGlite a dump of a migrated one, in a file each worker reads once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump, openDatabase } from '../../src/db/client.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database's name (PostgreSQL), or the path of the PGlite dump. */
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'fairex_template');
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    // Closed before any copy: PostgreSQL copies only a template nobody is connected to.
    await database.close();
    project.provide('databaseTemplate', new URL(scratch.url).pathname.slice(1));
    return scratch.drop;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-template-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide('databaseTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
