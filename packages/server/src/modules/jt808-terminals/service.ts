import {
  LISTED_PLATE_MAX,
  type ListedImportProblem,
  type ListedTerminalBody,
  type ListedTerminalImportResult,
  type ListedTerminalPage,
  type ListedTerminalQuery,
  type ListedTerminalRecord,
  type RegistrationPolicy,
} from '@safety-shield/contract';
import { TERMINAL_NUMBER_PATTERN, terminalKey } from '@safety-shield/contract/jt808';
import type { Db } from '../../db/client.js';
import { device } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { refuseLocked } from '../devices/index.js';
import { devicePlacesLeft, type OrgService } from '../orgs/index.js';
import { deleteListed, holders, insertListed, listedBatches, listedRecord, listListed, lockListed, type Owner } from './repo.js';
import { readImport } from './workbook.js';

const NUMBER = new RegExp(TERMINAL_NUMBER_PATTERN);

/**
 * JT/T 808 terminals listed in advance under a company (docs/jt808.md, "Listing terminals"). A listed terminal is a
 * device of the company without a code; under `JT808_REGISTRATION=listed` only such terminals register
 * (`Terminals.register`), and a registration gives it its code. The company is a Company Admin's own, else the one
 * named, within the caller's scope (`OrgService.visible`: another organisation's is PERMISSION_CHECK_FAIL).
 */
export class ListedTerminals {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgService,
    private readonly policy: RegistrationPolicy,
  ) {}

  /** The company whose list the caller manages: a Company Admin's own, else the one named (PARAM_CHECK_FAIL without one). */
  private async owner(principal: Principal, companyId: number | undefined, db: Db = this.db): Promise<Owner> {
    const id = companyId ?? (principal.role === 'COMPANY_ADMIN' ? principal.companyId : null);
    if (id === null || id === undefined) throw new AppError('PARAM_CHECK_FAIL', 'companyId', { field: 'companyId' });
    const company = await this.orgs.visible(db, principal, 'company', id);
    return { companyId: company.id, agentId: company.belongAgentId };
  }

  async list(principal: Principal, query: ListedTerminalQuery): Promise<ListedTerminalPage> {
    const { companyId } = await this.owner(principal, query.companyId);
    const page = await listListed(this.db, inScope(principal, device), companyId, query);
    return { ...page, companyId, registration: this.policy };
  }

  /** The list for the export (the import's layout). */
  async exportBatches(principal: Principal, companyId: number | undefined, keyword: string | undefined) {
    const owner = await this.owner(principal, companyId);
    return listedBatches(this.db, inScope(principal, device), owner.companyId, keyword);
  }

  /** Lists one terminal: DEVICE_EXIST when a device has its number, ORG_QUOTA_NOT_ENOUGH without a place. */
  async add(principal: Principal, body: ListedTerminalBody): Promise<ListedTerminalRecord> {
    const key = terminalKey(body.terminalNo);
    const plate = body.plate?.trim() || null;
    const deviceId = await this.db.transaction(async (tx) => {
      const owner = await this.owner(principal, body.companyId, tx);
      if ((await holders(tx, [key], owner.companyId)).has(key)) throw new AppError('DEVICE_EXIST', key, { field: 'terminalNo' });
      if ((await devicePlacesLeft(tx, owner)) < 1) throw new AppError('ORG_QUOTA_NOT_ENOUGH');
      const [written] = await insertListed(tx, owner, [{ key, plate }]);
      if (!written) throw new AppError('DEVICE_EXIST', key, { field: 'terminalNo' });
      return written.deviceId;
    });
    const record = await listedRecord(this.db, deviceId);
    if (!record) throw new AppError('ACTION_FAIL_RETRY');
    return record;
  }

  /** Takes a terminal off the list with its device, while it has not registered (DEVICE_STATE_ERROR after). Answers its number. */
  async remove(principal: Principal, deviceId: number): Promise<string> {
    return this.db.transaction(async (tx) => {
      const row = await lockListed(tx, inScope(principal, device), deviceId);
      if (!row) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
      if (row.registeredAt !== null) throw new AppError('DEVICE_STATE_ERROR', 'registered', { registered: true });
      if (row.vehicleId !== null) throw new AppError('DEVICE_DELETE_ASSOCIATE_FAIL');
      await refuseLocked(tx, [row.deviceId]);
      await deleteListed(tx, row.deviceId);
      return row.terminalNo;
    });
  }

  /**
   * Lists the terminals of a workbook's rows. Every valid row is written in one transaction; a row with a problem is
   * left out and reported with it; a number the company listed already is left as it is (`unchanged`), so a file
   * corrected after its problems can be imported again whole.
   */
  async import(principal: Principal, companyId: number | undefined, file: string): Promise<ListedTerminalImportResult> {
    const owner = await this.owner(principal, companyId);
    const rows = await readImport(Buffer.from(file, 'base64'));
    const problems: ListedTerminalImportResult['problems'] = [];
    const problem = (row: { row: number; terminalNo: string }, kind: ListedImportProblem) =>
      problems.push({ row: row.row, terminalNo: row.terminalNo, problem: kind });
    const seen = new Set<string>();
    const valid: Array<{ row: number; terminalNo: string; key: string; plate: string | null }> = [];
    for (const row of rows) {
      if (!NUMBER.test(row.terminalNo)) problem(row, 'number');
      else if (row.plate.length > LISTED_PLATE_MAX) problem(row, 'plateLength');
      else {
        const key = terminalKey(row.terminalNo);
        if (seen.has(key)) problem(row, 'duplicate');
        else {
          seen.add(key);
          valid.push({ ...row, key, plate: row.plate || null });
        }
      }
    }
    const { added, unchanged } = await this.db.transaction(async (tx) => {
      const held = await holders(tx, [...seen], owner.companyId);
      let places = await devicePlacesLeft(tx, owner);
      let unchanged = 0;
      const fresh: typeof valid = [];
      for (const row of valid) {
        const holder = held.get(row.key);
        if (holder === 'ours') unchanged += 1;
        else if (holder === 'taken') problem(row, 'taken');
        else if (places < 1) problem(row, 'quota');
        else {
          places -= 1;
          fresh.push(row);
        }
      }
      const written = new Set((await insertListed(tx, owner, fresh)).map((w) => w.key));
      // A number another device took between the look-up and the insert.
      for (const row of fresh) if (!written.has(row.key)) problem(row, 'taken');
      return { added: written.size, unchanged };
    });
    problems.sort((a, b) => a.row - b.row);
    return { rows: rows.length, added, unchanged, problems };
  }
}
