// SKELETON: replaced by the ieo capability (issue 11).
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';


export type IeoOptions = { now: Clock; onError?: (error: unknown) => void };

export class IeoService {
  constructor(
    readonly db: Db,
    readonly options: IeoOptions,
  ) {}

  register(_jobs: JobScheduler) {
    return this;
  }
}
