import { taskStateOf } from '@safety-shield/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { deviceTask } from '../../db/schema.js';
import { countsOf } from './repo.js';

/** How often a running task's progress is pushed at most: 10,000 rows settling in a second make four messages, not 10,000. */
export const PROGRESS_INTERVAL_MS = 250;

/** Pushes tasks' counts to the consoles in their scope (the bus's `deviceTask`), at most every PROGRESS_INTERVAL_MS each. */
export class TaskProgress {
  private readonly due = new Set<number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {}

  changed(taskIds: Iterable<number>) {
    for (const id of taskIds) this.due.add(id);
    if (this.due.size > 0) this.timer ??= setTimeout(() => void this.flush(), PROGRESS_INTERVAL_MS).unref();
  }

  private async flush() {
    this.timer = undefined;
    const ids = [...this.due];
    this.due.clear();
    try {
      const [tasks, counts] = await Promise.all([
        this.db.select().from(deviceTask).where(inArray(deviceTask.id, ids)),
        countsOf(this.db, ids),
      ]);
      for (const task of tasks) {
        const taskCounts = counts.get(task.id);
        if (!taskCounts) continue;
        this.bus.publish('deviceTask', {
          taskId: task.id,
          state: taskStateOf(taskCounts),
          counts: taskCounts,
          agentId: task.belongAgentId,
          companyId: task.belongCompanyId,
          fleetId: task.belongFleetId,
        });
      }
    } catch (err) {
      this.log.error({ err }, 'task progress not pushed');
    }
  }
}
