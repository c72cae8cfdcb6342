/**
 * The hosts the web view may open in a frame: the operator's allow-list (`webview_hosts`) and the host
 * of the customer-service web chat. The Content-Security-Policy of every answer names them in
 * frame-src (http/security-headers.ts), so they are kept in memory, read again at most every
 * FRAME_HOSTS_REFRESH_MS and at once when an operator saves the settings in this process.
 */
import { frameHostsFrom } from '@fairex/contract';
import type { AppContext } from '../app-context.ts';
import { readSetting } from '../site/repository.ts';

export const FRAME_HOSTS_REFRESH_MS = 30_000;

export class FrameHosts {
  private hosts: readonly string[] = [];
  private readAt = Number.NEGATIVE_INFINITY;
  private backgroundRead = false;

  private constructor(private readonly ctx: Pick<AppContext, 'clock' | 'db'>) {}

  /** The app's list, read once before the first answer. */
  static async open(ctx: Pick<AppContext, 'clock' | 'db'>): Promise<FrameHosts> {
    const frames = new FrameHosts(ctx);
    await frames.refresh();
    perApp.set(ctx, frames);
    return frames;
  }

  /** The hosts now; starts a read in the background when the last one is older than FRAME_HOSTS_REFRESH_MS. */
  current = (): readonly string[] => {
    if (!this.backgroundRead && this.ctx.clock() - this.readAt >= FRAME_HOSTS_REFRESH_MS) {
      this.backgroundRead = true;
      // A failed read keeps the last list; the next answer tries again.
      void this.refresh()
        .catch(() => undefined)
        .finally(() => {
          this.backgroundRead = false;
        });
    }
    return this.hosts;
  };

  async refresh(): Promise<void> {
    const [allowList, chatUrl] = await Promise.all([readSetting(this.ctx.db, 'webview_hosts'), readSetting(this.ctx.db, 'customer_service_url')]);
    this.hosts = frameHostsFrom(allowList, chatUrl);
    this.readAt = this.ctx.clock();
  }
}

const perApp = new WeakMap<Pick<AppContext, 'db'>, FrameHosts>();

/** Reads the list again now (after an operator saved the settings). */
export async function refreshFrameHosts(ctx: Pick<AppContext, 'db'>) {
  await perApp.get(ctx)?.refresh();
}
