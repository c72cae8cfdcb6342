// The server's build: src/main.ts and what it imports from this repository (the contract included) bundled
// into dist/main.js, an ES module with a source map, so production runs plain `node --enable-source-maps`
// instead of compiling TypeScript at every start. Packages from node_modules stay imports (they are
// installed beside it). Plain JavaScript: `npm start` runs it before the server, without a TypeScript loader.
//
//   node apps/server/build.mjs             builds
//   node apps/server/build.mjs --if-stale  builds only when dist/ is missing or a source changed since
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const serverRoot = import.meta.dirname;
const repoRoot = path.resolve(serverRoot, '../..');
export const DIST_DIR = path.join(serverRoot, 'dist');
export const SERVER_ENTRY = path.join(DIST_DIR, 'main.js');
const MAIN_SOURCE = path.join(serverRoot, 'src/main.ts');
/** Every input of the last build (repository-relative path to content hash): a change to any means a rebuild. */
const MANIFEST_NAME = 'build-inputs.json';
/**
 * The one module allowed to locate files from its own folder (import.meta.dirname, filename, or url made a path): it is
 * src/paths.ts, one level below apps/server as dist/main.js is, so the same relative path holds from source
 * and from the build. Anywhere else such a path would point into dist/ once bundled.
 */
const PATHS_MODULE = path.join(serverRoot, 'src/paths.ts');
/** A path from the module's own location (resolving a package through createRequire(import.meta.url) is fine: dist/ sees the same node_modules). */
const LOCATING = /import\.meta\.(dirname|filename)\b|(new URL|fileURLToPath)\([^)]*import\.meta\.url/;

const hashOf = (file) => createHash('sha256').update(fs.readFileSync(file)).digest('base64url');

/** What a build depends on beyond its inputs: this script and the bundler's version (read, not imported: a check stays quick). */
function toolchain() {
  const esbuildMain = createRequire(import.meta.url).resolve('esbuild');
  const { version } = JSON.parse(fs.readFileSync(path.join(path.dirname(esbuildMain), '..', 'package.json'), 'utf8'));
  return `${hashOf(import.meta.filename)} esbuild ${version}`;
}

/** An input as the manifest records it: its content hash, and its size and time to skip hashing an untouched file. */
function fingerprint(file) {
  const { size, mtimeMs } = fs.statSync(file);
  return { hash: hashOf(file), size, mtimeMs };
}

/** True when `file` has the content `recorded` says (hashed only when its size or time moved: a checkout may touch it unchanged). */
function unchanged(file, recorded) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return false;
  }
  if (stat.size === recorded.size && stat.mtimeMs === recorded.mtimeMs) return true;
  return stat.size === recorded.size && hashOf(file) === recorded.hash;
}

/** Why `outDir` must be built again (no build, a source or the build script changed), or undefined when it is current. */
export function staleReason(outDir = DIST_DIR) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(outDir, MANIFEST_NAME), 'utf8'));
  } catch {
    return 'no build yet';
  }
  if (!manifest.outputs.every((output) => fs.existsSync(path.join(outDir, output)))) return 'no build yet';
  if (manifest.toolchain !== toolchain()) return 'the build script or esbuild changed';
  for (const [input, recorded] of Object.entries(manifest.inputs)) {
    if (!unchanged(path.join(repoRoot, input), recorded)) return `${input} changed`;
  }
  return undefined;
}

/**
 * Bundled: the workspace's own @fairex/* packages (TypeScript), and pure-JavaScript packages of many small
 * modules, which load faster as part of one file (about an eighth of the start's loading). Every other
 * package stays an import: those that find their own files at run time (PGlite's WebAssembly, pino's
 * transport workers under Fastify), load optional modules, or are loaded only when configured (Redis).
 */
const BUNDLED_PACKAGES = /^(@fairex\/|zod(\/|$)|drizzle-orm(\/|$)|decimal\.js$|@noble\/hashes\/)/;
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Bundles `entryPoints` (the server's main.ts) into `outDir` (dist/) with source maps, and records its
 * inputs for staleReason. Refuses (and leaves no build) when a module other than src/paths.ts locates
 * files from its own folder. Built beside `outDir` (at the same depth, so the source map's paths hold)
 * and moved in whole: a server starting meanwhile finds the old build or the new one, never half of one.
 */
export async function buildServer({ entryPoints = [MAIN_SOURCE], outDir = DIST_DIR } = {}) {
  const { build } = await import('esbuild');
  const started = Date.now();
  const staging = `${outDir}.building-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const result = await build({
    entryPoints,
    outdir: staging,
    absWorkingDir: repoRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces name the .ts file and line (node --enable-source-maps); the sources stay where they are.
    sourcemap: 'linked',
    sourcesContent: false,
    // Bundling renames a class or function whose name another module also uses; .name stays the source's.
    keepNames: true,
    plugins: [externalPackages],
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
  const locating = inputs.filter((input) => path.join(repoRoot, input) !== PATHS_MODULE && LOCATING.test(fs.readFileSync(path.join(repoRoot, input), 'utf8')));
  if (locating.length > 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
    throw new Error(`${locating.join(', ')}: locate files through apps/server/src/paths.ts (or keep the package external); an import.meta path points into the build's folder once bundled`);
  }
  const manifest = {
    toolchain: toolchain(),
    outputs: Object.keys(result.metafile.outputs).map((output) => path.relative(staging, path.join(repoRoot, output))),
    inputs: Object.fromEntries(inputs.map((input) => [input, fingerprint(path.join(repoRoot, input))])),
  };
  fs.writeFileSync(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 1)}\n`);
  const previous = `${outDir}.previous-${process.pid}`;
  try {
    if (fs.existsSync(outDir)) fs.renameSync(outDir, previous);
    fs.renameSync(staging, outDir);
  } catch (error) {
    // Another build (a second `npm start`) moved its own in at the same moment: the same sources, so keep it.
    if (!fs.existsSync(path.join(outDir, MANIFEST_NAME))) throw error;
    fs.rmSync(staging, { recursive: true, force: true });
  }
  fs.rmSync(previous, { recursive: true, force: true });
  return { inputs: inputs.length, ms: Date.now() - started };
}

/** Builds when the build is missing or stale; answers why it built, or undefined when it was current. */
export async function buildServerIfStale(options = {}) {
  const reason = staleReason(options.outDir);
  if (reason !== undefined) await buildServer(options);
  return reason;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale')) {
    const reason = await buildServerIfStale();
    if (reason) console.log(`server built (${reason})`);
  } else {
    const { inputs, ms } = await buildServer();
    console.log(`server built: ${path.relative(process.cwd(), SERVER_ENTRY)} from ${inputs} modules in ${ms} ms`);
  }
}
