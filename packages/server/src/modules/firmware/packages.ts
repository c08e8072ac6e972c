import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import Busboy, { type BusboyInstance } from '@fastify/busboy';
import { FIRMWARE_MAX_BYTES, type FirmwareListQuery, type FirmwarePackage, FirmwareUploadFields, type Page } from '@safety-shield/contract';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Compile } from 'typebox/compile';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { firmwarePackage, upgradeCampaign } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { containing } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import type { ObjectStore } from '../../storage/object-store.js';

type PackageRow = typeof firmwarePackage.$inferSelect;
export const FIRMWARE_TYPE = 'application/octet-stream';
const checkFields = Compile(FirmwareUploadFields);

export const toPackage = (row: PackageRow, campaigns: number): FirmwarePackage => ({
  id: row.id,
  version: row.version,
  models: row.models,
  notes: row.notes,
  fileName: row.fileName,
  size: row.size,
  sha256: row.sha256,
  createdBy: row.createdByName,
  createTime: row.createdAt.getTime(),
  campaigns,
});

/** The models of a form field: comma-separated, trimmed, each once; every one a model as devices name them. */
function modelsOf(text: string | undefined): string[] {
  const models = [...new Set((text ?? '').split(',').map((model) => model.trim()))].filter(Boolean);
  if (models.some((model) => !/^[\x21-\x7e]{1,64}$/.test(model)) || models.length > 50)
    throw new AppError('PARAM_CHECK_FAIL', 'models', { field: 'models' });
  return models;
}

/** A file name to show: the client's, without a path, control characters or more than 200 characters. */
const fileNameOf = (name: string | undefined) =>
  (name ?? 'firmware.bin')
    .split(/[\\/]/)
    .pop()
    ?.replace(/\p{Cc}/gu, '')
    .slice(0, 200) || 'firmware.bin';

/** The firmware library (`/upgradeCollection/index`): packages streamed into the object store with their SHA-256. */
export class FirmwarePackages {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
  ) {}

  static keyOf(row: Pick<PackageRow, 'key'>) {
    return row.key;
  }

  /**
   * `upgradeDevice2`: a multipart form, its fields (version, models, notes) before the file `file`. The file streams
   * into the store (never whole in memory); the store computes its SHA-256 and refuses more than FIRMWARE_MAX_BYTES.
   */
  upload(principal: Principal, req: FastifyRequest): Promise<FirmwarePackage> {
    const type = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data;/i.test(type)) return Promise.reject(new AppError('PARAM_CHECK_FAIL', 'file', { field: 'file' }));
    return new Promise((resolve, reject) => {
      let parser: BusboyInstance;
      try {
        // One byte over the limit, so the store sees (and refuses) a file that is too large rather than a cut one.
        parser = new Busboy({
          headers: req.headers as { 'content-type': string },
          limits: { files: 1, fields: 10, parts: 12, fieldSize: 8 * 1024, fileSize: FIRMWARE_MAX_BYTES + 1 },
        });
      } catch {
        return reject(new AppError('PARAM_CHECK_FAIL', 'file', { field: 'file' }));
      }
      const fields: Record<string, string> = {};
      let stored: Promise<FirmwarePackage> | undefined;
      parser.on('field', (name, value) => {
        fields[name] = value;
      });
      parser.on('file', (name, stream, fileName) => {
        if (name !== 'file' || stored) return void stream.resume();
        stored = this.keep(principal, fields, fileName, stream);
        // A refusal before the bytes are read (bad fields) still lets the form end.
        stored.catch(() => stream.resume());
      });
      parser.on('finish', () => {
        if (!stored) return reject(new AppError('PARAM_CHECK_FAIL', 'file', { field: 'file' }));
        stored.then(resolve, reject);
      });
      parser.on('error', () => reject(new AppError('PARAM_CHECK_FAIL', 'file', { field: 'file' })));
      (req.body as Readable).pipe(parser);
    });
  }

  private async keep(principal: Principal, fields: Record<string, string>, fileName: string | undefined, stream: Readable) {
    const given = { version: fields.version, ...(fields.models !== undefined && { models: fields.models }), notes: fields.notes };
    if (!checkFields.Check(given)) {
      const field = ['version', 'models', 'notes'].find((name) => !checkFields.Check({ ...given, [name]: undefined })) ?? 'version';
      throw new AppError('PARAM_CHECK_FAIL', field, { field });
    }
    const models = modelsOf(given.models);
    await this.refuseClash(given.version, models);
    const key = `firmware/${randomBytes(16).toString('hex')}`;
    const object = await this.store.put(key, stream, { maxBytes: FIRMWARE_MAX_BYTES, contentType: FIRMWARE_TYPE });
    if (object.size === 0 || (stream as Readable & { truncated?: boolean }).truncated) {
      await this.store.delete(key);
      throw new AppError('UPLOAD_FILE_FAIL', 'file', { field: 'file' });
    }
    const [row] = await this.db
      .insert(firmwarePackage)
      .values({
        version: given.version,
        models,
        notes: given.notes?.trim() || null,
        fileName: fileNameOf(fileName),
        key,
        size: object.size,
        sha256: object.sha256,
        createdById: principal.accountId,
        createdByName: principal.username,
      })
      .returning();
    return toPackage(row as PackageRow, 0);
  }

  /** Two packages of one version must fit different models (else a campaign could not tell which one a device takes). */
  private async refuseClash(version: string, models: string[]) {
    const same = await this.db.select({ models: firmwarePackage.models }).from(firmwarePackage).where(eq(firmwarePackage.version, version));
    const clash = same.some((other) => other.models.length === 0 || models.length === 0 || other.models.some((m) => models.includes(m)));
    if (clash) throw new AppError('PARAM_CHECK_FAIL', 'version', { field: 'version' });
  }

  async list(query: FirmwareListQuery): Promise<Page<FirmwarePackage>> {
    const keyword = query.keyword ? containing(query.keyword) : undefined;
    const where = keyword
      ? or(
          ilike(firmwarePackage.version, keyword),
          ilike(firmwarePackage.notes, keyword),
          sql`exists (select 1 from unnest(${firmwarePackage.models}) m where m ilike ${keyword})`,
        )
      : undefined;
    const campaigns = sql<number>`(select count(*)::int from ${upgradeCampaign} where ${upgradeCampaign.packageId} = ${firmwarePackage.id})`;
    return pageOf(
      query,
      this.db
        .select({ row: firmwarePackage, campaigns })
        .from(firmwarePackage)
        .where(where)
        .orderBy(desc(firmwarePackage.createdAt), desc(firmwarePackage.id))
        .$dynamic(),
      this.db.select({ n: count() }).from(firmwarePackage).where(where),
      ({ row, campaigns: n }) => toPackage(row, n),
    );
  }

  async row(id: number): Promise<PackageRow> {
    const [row] = await this.db.select().from(firmwarePackage).where(eq(firmwarePackage.id, id));
    if (!row) throw new AppError('PARAM_CHECK_FAIL', 'packageId', { field: 'packageId' });
    return row;
  }

  /** A package no campaign uses: its row, then its file. */
  async remove(id: number): Promise<void> {
    const row = await this.row(id);
    const [used] = await this.db.select({ n: count() }).from(upgradeCampaign).where(eq(upgradeCampaign.packageId, id));
    if ((used?.n ?? 0) > 0) throw new AppError('DEVICE_STATE_ERROR', 'in use');
    await this.db.delete(firmwarePackage).where(and(eq(firmwarePackage.id, id)));
    await this.store.delete(row.key);
  }
}
