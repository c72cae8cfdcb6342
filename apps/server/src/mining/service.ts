// SKELETON: replaced by the mining capability (issue 11).
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';


export type MiningOptions = { now: Clock; onError?: (error: unknown) => void };

export class MiningService {
  constructor(
    readonly db: Db,
    readonly options: MiningOptions,
  ) {}

  register(_jobs: JobScheduler) {
    return this;
  }
}
