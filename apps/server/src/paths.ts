import path from 'node:path';

/**
 * Where the server's files are, found from this module's folder: src/ when run from source, dist/ when run
 * from the build (apps/server/build.mjs bundles everything into dist/main.js, which is also one level below
 * apps/server). The one module that may use import.meta paths: the build refuses them anywhere else.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
/** The repository: the default data folder and the built web apps are found from it. */
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsFolder = path.join(serverRoot, 'migrations');
