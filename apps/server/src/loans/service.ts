// SKELETON: replaced by its part.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';

export type LoanOptions = { now: Clock; bus: EventBus; onError?: (error: unknown) => void };

export class LoanService {
  constructor(
    readonly db: Db,
    readonly options: LoanOptions,
  ) {}

  register(_jobs: JobScheduler) {
    return this;
  }
}
