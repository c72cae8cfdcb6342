// SKELETON: replaced by its part.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';

export type NftOptions = { now: Clock; bus: EventBus; onError?: (error: unknown) => void };

export class NftService {
  constructor(
    readonly db: Db,
    readonly options: NftOptions,
  ) {}

  register(_jobs: JobScheduler) {
    return this;
  }
}
