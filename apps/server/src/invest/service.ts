// SKELETON: replaced by the invest capability (issue 11).
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import type { TickStore } from '../markets/ticks.ts';

export type InvestOptions = { now: Clock; ticks: TickStore; onError?: (error: unknown) => void };

export class InvestService {
  constructor(
    readonly db: Db,
    readonly options: InvestOptions,
  ) {}

  register(_jobs: JobScheduler) {
    return this;
  }
}
