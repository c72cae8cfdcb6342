import { PAGE_LOAD_TIMEOUT_MS } from '@fairex/contract';
import { lazy, type ComponentType } from 'react';

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
 * A page loaded on demand (React.lazy): `load` imports the page's file and `pick` names its component.
 * The load races a 60 s timer, so a page that never arrives ends in the error view, not an endless spinner.
 */
export function lazyPage<M>(file: string, load: () => Promise<M>, pick: (module: M) => ComponentType, timeoutMs = PAGE_LOAD_TIMEOUT_MS) {
  return lazy(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError('timeout', file)), timeoutMs);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve({ default: pick(module) });
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(new ChunkLoadError(classify(error), file, error));
          },
        );
      }),
  );
}
