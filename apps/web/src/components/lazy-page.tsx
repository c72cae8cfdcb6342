import { PAGE_LOAD_TIMEOUT_MS } from '@fairex/contract/constants';
import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadPageStrings } from '../i18n/index.ts';

/** Spec section 8: a chunk load failure reports its type (missing, timeout or error) and the file. */
export type ChunkFailure = 'missing' | 'timeout' | 'error';

export class ChunkLoadError extends Error {
  constructor(
    readonly failure: ChunkFailure,
    readonly file: string,
    cause?: unknown,
  ) {
    super(`chunk ${failure}: ${file}`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Browsers word a failed dynamic import differently; all of them mean the file did not arrive. */
const MISSING_MODULE = /dynamically imported module|importing a module script failed|error loading dynamically imported module|failed to fetch/i;

function classify(error: unknown): ChunkFailure {
  return error instanceof Error && MISSING_MODULE.test(error.message) ? 'missing' : 'error';
}

type PageModule = { default: ComponentType };

/**
 * A page component; a lazy one can be fetched ahead of its first render (`preload`), and names its file
 * (under src/, without the extension) and whether it shows only the start-up's strings (start-strings.test.ts).
 */
export type PageComponent = ComponentType & { preload?: () => Promise<unknown>; file?: string; startStrings?: boolean };

/**
 * A page loaded on demand (React.lazy): `load` imports the page's file and `pick` names its component.
 * The load races a 60 s timer, so a page that never arrives ends in the error view, not an endless spinner.
 * `prefetch` starts the page's first data request together with its file, instead of after it has
 * arrived and rendered (a round trip and a render less before the page shows its figures).
 * `preload` fetches the file before any render (the app's start-up does it for the page it opens on):
 * a page whose file is in when it mounts renders at once, not through Suspense, whose reveal React
 * holds back a moment after a fallback.
 * The English strings only some pages show (i18n/en-pages.ts) arrive with the page's file, unless
 * `startStrings` says it shows only the start-up's (the market and trade screens, assets, login: they then
 * load no more than their file; start-strings.test.ts checks the claim).
 */
export function lazyPage<M>(
  file: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  { timeoutMs = PAGE_LOAD_TIMEOUT_MS, prefetch, startStrings = false }: { timeoutMs?: number; prefetch?: () => void; startStrings?: boolean } = {},
): PageComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<PageModule> | undefined;
  const start = () =>
    (loading ??= new Promise<PageModule>((resolve, reject) => {
      // In the next task: not in the one that starts the app or the navigation.
      if (prefetch) setTimeout(prefetch, 0);
      const timer = setTimeout(() => reject(new ChunkLoadError('timeout', file)), timeoutMs);
      Promise.all([load(), startStrings ? undefined : loadPageStrings()]).then(
        ([module]) => {
          clearTimeout(timer);
          loaded = pick(module);
          resolve({ default: loaded });
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(classify(error), file, error));
        },
      );
    }));
  const Lazy = lazy(start);
  const Page: PageComponent = () => {
    // Decided once per mount, so a page never switches from one element type to the other (a remount).
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct) : createElement(Lazy);
  };
  Page.preload = start;
  Page.file = file;
  Page.startStrings = startStrings;
  return Page;
}
