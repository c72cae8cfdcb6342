// The app's entry: it evaluates the start-up's code in three steps, each in a task of its own, so none holds
// the main thread long (one file of half a megabyte was one task of 50-100 ms on a phone-speed CPU): React,
// then the libraries (router, i18next, TanStack Query), then the app (start.tsx). index.html preloads the
// three files (vite.config.ts), so they download together while the boot screen shows.
import { checkStorageVersion } from './store/store.ts';

// Old storage cleared first (spec section 4), while the page loads, before the steps below: what is stored
// once the page has loaded (a visit's choices, or a test's) is never cleared after.
checkStorageVersion();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await import('./start-react.ts');
await nextTask();
await import('./start-libraries.ts');
await nextTask();
const { start } = await import('./start.tsx');
await start();
