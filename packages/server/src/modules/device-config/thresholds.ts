import type { ConfigSettings, ThresholdClass, ThresholdCreateBody, ThresholdUpdateBody } from '@safety-shield/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { thresholdClass } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

type Row = typeof thresholdClass.$inferSelect;

const toClass = (row: Row): ThresholdClass => ({
  id: row.id,
  name: row.name,
  description: row.description,
  values: row.values,
  updateTime: row.updatedAt.getTime(),
});

const nameTaken = () => new AppError('PARAM_CHECK_FAIL', 'name', { field: 'name' });

/** Threshold classes: named limits a configuration refers to (platform-wide; the Super Admin keeps them). */
export class ThresholdService {
  constructor(private readonly db: Db) {}

  async list(): Promise<ThresholdClass[]> {
    return (await this.db.select().from(thresholdClass).orderBy(asc(thresholdClass.name))).map(toClass);
  }

  async create({ name, description, values }: ThresholdCreateBody): Promise<ThresholdClass> {
    try {
      const [row] = await this.db
        .insert(thresholdClass)
        .values({ name: name.trim(), description: description?.trim() || null, values })
        .returning();
      return toClass(row as Row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  async update({ id, name, description, values }: ThresholdUpdateBody): Promise<ThresholdClass> {
    try {
      const [row] = await this.db
        .update(thresholdClass)
        .set({ name: name.trim(), description: description?.trim() || null, values, updatedAt: new Date() })
        .where(eq(thresholdClass.id, id))
        .returning();
      if (!row) throw new AppError('PARAM_CHECK_FAIL', 'id', { field: 'id' });
      return toClass(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  async remove(id: number): Promise<void> {
    const [row] = await this.db.delete(thresholdClass).where(eq(thresholdClass.id, id)).returning({ id: thresholdClass.id });
    if (!row) throw new AppError('PARAM_CHECK_FAIL', 'id', { field: 'id' });
  }

  /**
   * A change that names a threshold class takes the class's name and values as they are now (what the device is
   * sent); an unknown class is PARAM_CHECK_FAIL.
   */
  async resolve(db: Db, change: ConfigSettings): Promise<ConfigSettings> {
    if (!change.thresholds) return change;
    const [row] = await db.select().from(thresholdClass).where(eq(thresholdClass.id, change.thresholds.classId));
    if (!row) throw new AppError('PARAM_CHECK_FAIL', 'thresholds.classId', { field: 'thresholds.classId' });
    return { ...change, thresholds: { classId: row.id, name: row.name, values: row.values } };
  }
}
