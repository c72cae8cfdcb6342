// SKELETON: replaced by its part of issue 12.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';

export type ReferralOptions = { now: Clock; bus: EventBus; onError?: (error: unknown) => void };

export class ReferralService {
  constructor(
    readonly db: Db,
    readonly options: ReferralOptions,
  ) {}

  register(_jobs: JobScheduler) {
    return this;
  }
}
