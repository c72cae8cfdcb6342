// SKELETON: replaced by its part of issue 12.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';

export type NotificationOptions = { now: Clock; bus: EventBus; onError?: (error: unknown) => void };

export class NotificationService {
  constructor(
    readonly db: Db,
    readonly options: NotificationOptions,
  ) {}

  register(_jobs: JobScheduler) {
    return this;
  }
}
