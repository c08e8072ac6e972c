import { jt808TerminalApi } from '@safety-shield/contract';
import { REGISTRATION_RESULT, REPLY_RESULT } from '@safety-shield/contract/jt808';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { device, jt808Terminal, org } from '../src/db/schema.js';
import { call, callUnchecked } from './api-client.js';
import { firstPage } from './helpers.js';
import { seedTree, signedIn } from './identity-fixtures.js';
import { jt808Node, registrationOf } from './jt808-fixtures.js';

/** Issue 30: JT/T 808 terminals listed in advance under a company, and the gateway's `listed` policy that reads them. */
const { database, ctx, admin, tree, gatewayOn, terminalOn } = await jt808Node('Listed');
const other = await seedTree(ctx, admin, 'Listed rival');
const companyAdmin = (await signedIn(ctx, 'listed_company', 'COMPANY_ADMIN', tree)).token;
const fleetAdmin = (await signedIn(ctx, 'listed_fleet', 'FLEET_ADMIN', tree)).token;
const rivalAdmin = (await signedIn(ctx, 'listed_rival', 'COMPANY_ADMIN', other)).token;
const { add, listed, remove, import: importFile, export: exportList } = jt808TerminalApi;

/** A workbook of these rows (first sheet), base64 as the import takes it. */
async function xlsx(rows: unknown[][]): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Terminals');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

const deviceOf = async (uuid: string) => (await database.db.select().from(device).where(eq(device.deviceUuid, uuid)))[0];

describe('JT/T 808 terminals listed in advance', () => {
  it('lists one terminal as a device of the company without a code, and takes it off again', async () => {
    const made = await call(ctx, companyAdmin, add, { terminalNo: '013900000101', plate: ' AB 101 ' });
    expect(made.code, made.res.body).toBe(200);
    expect(made.data).toMatchObject({ terminalNo: '13900000101', plate: 'AB 101', registeredTime: null });
    const row = await deviceOf('13900000101');
    expect(row).toMatchObject({ protocol: 'jt808', belongAgentId: tree.agent, belongCompanyId: tree.company, vehicleId: null });
    const [identity] = await database.db
      .select()
      .from(jt808Terminal)
      .where(eq(jt808Terminal.deviceId, row?.id ?? 0));
    expect(identity).toMatchObject({ terminalNo: '13900000101', codeHash: null, plate: 'AB 101', registeredAt: null });

    const page = await call(ctx, companyAdmin, listed, firstPage);
    expect(page.data).toMatchObject({ total: 1, companyId: tree.company, registration: 'open' });
    expect(page.data.records.map((r) => r.terminalNo)).toEqual(['13900000101']);
    // The Super Admin names the company; the keyword finds part of the number or the plate.
    const found = await call(ctx, admin, listed, { ...firstPage, companyId: tree.company, keyword: 'ab 1' });
    expect(found.data.total).toBe(1);

    // The same number again (with or without its zeros) is taken.
    expect(await call(ctx, companyAdmin, add, { terminalNo: '13900000101' })).toMatchObject({ status: 409, codeKey: 'DEVICE_EXIST' });
    expect(await call(ctx, admin, add, { companyId: other.company, terminalNo: '0013900000101' })).toMatchObject({
      codeKey: 'DEVICE_EXIST',
    });

    expect((await call(ctx, companyAdmin, remove, { id: made.data.deviceId })).code).toBe(200);
    expect(await deviceOf('13900000101')).toBeUndefined();
    expect((await call(ctx, companyAdmin, listed, firstPage)).data.total).toBe(0);
    expect(await call(ctx, companyAdmin, remove, { id: made.data.deviceId })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
  });

  it('refuses a bad number, an unknown property, another organisation and roles that do not manage devices', async () => {
    for (const terminalNo of ['', '12ab', '1'.repeat(21), ' 139']) {
      expect(await callUnchecked(ctx, companyAdmin, add, { terminalNo }), terminalNo).toMatchObject({
        status: 400,
        codeKey: 'PARAM_CHECK_FAIL',
      });
    }
    expect(await callUnchecked(ctx, companyAdmin, add, { terminalNo: '139', colour: 'blue' })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
    expect(await callUnchecked(ctx, companyAdmin, importFile, { file: 'AAAA', sheet: 1 })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect(await callUnchecked(ctx, companyAdmin, listed, { ...firstPage, vehicleId: 1 })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });

    const theirs = await call(ctx, admin, add, { companyId: other.company, terminalNo: '13900000150' });
    expect(theirs.code).toBe(200);
    const refused = { status: 403, codeKey: 'PERMISSION_CHECK_FAIL' };
    expect(await call(ctx, companyAdmin, listed, { ...firstPage, companyId: other.company })).toMatchObject(refused);
    expect(await call(ctx, companyAdmin, add, { companyId: other.company, terminalNo: '13900000151' })).toMatchObject(refused);
    expect(await call(ctx, companyAdmin, remove, { id: theirs.data.deviceId })).toMatchObject(refused);
    expect(await call(ctx, companyAdmin, importFile, { companyId: other.company, file: await xlsx([['13900000152']]) })).toMatchObject(
      refused,
    );
    expect(await call(ctx, companyAdmin, exportList, { companyId: other.company })).toMatchObject(refused);
    expect((await call(ctx, rivalAdmin, listed, firstPage)).data.records.map((r) => r.terminalNo)).toEqual(['13900000150']);
    // A Fleet Admin does not manage the company's new devices; the Super Admin must name a company.
    expect(await call(ctx, fleetAdmin, listed, firstPage)).toMatchObject(refused);
    expect(await call(ctx, admin, add, { terminalNo: '13900000153' })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
  });

  it('imports a workbook: the valid rows in one go, every other row with its problem; again, nothing changes', async () => {
    const rows = [
      ['Terminal number', 'Licence plate'],
      ['13900000201', 'IMP 1'],
      [13900000202],
      ['12ab', 'X'],
      ['013900000201', 'IMP 1 again'],
      ['13900000150', 'RIVAL'],
      ['13900000203', 'P'.repeat(21)],
      [null, null],
      ['00013900000204', 'IMP 4'],
    ];
    const file = await xlsx(rows);
    const first = await call(ctx, companyAdmin, importFile, { file });
    expect(first.code, first.res.body).toBe(200);
    expect(first.data).toEqual({
      rows: 7,
      added: 3,
      unchanged: 0,
      problems: [
        { row: 4, terminalNo: '12ab', problem: 'number' },
        { row: 5, terminalNo: '013900000201', problem: 'duplicate' },
        { row: 6, terminalNo: '13900000150', problem: 'taken' },
        { row: 7, terminalNo: '13900000203', problem: 'plateLength' },
      ],
    });
    const page = await call(ctx, companyAdmin, listed, firstPage);
    expect(page.data.records.map((r) => [r.terminalNo, r.plate]).sort()).toEqual([
      ['13900000201', 'IMP 1'],
      ['13900000202', null],
      ['13900000204', 'IMP 4'],
    ]);
    const again = await call(ctx, companyAdmin, importFile, { file });
    expect(again.data).toMatchObject({ added: 0, unchanged: 3 });

    // The company's device quota: the rows beyond it are refused, the others written.
    const count = (await database.db.select().from(device).where(eq(device.belongCompanyId, tree.company))).length;
    await database.db
      .update(org)
      .set({ deviceQuota: count + 1 })
      .where(eq(org.id, tree.company));
    const full = await call(ctx, companyAdmin, importFile, { file: await xlsx([['13900000205'], ['13900000206']]) });
    expect(full.data).toMatchObject({ added: 1, problems: [{ row: 2, terminalNo: '13900000206', problem: 'quota' }] });
    expect(await call(ctx, companyAdmin, add, { terminalNo: '13900000207' })).toMatchObject({ codeKey: 'ORG_QUOTA_NOT_ENOUGH' });
    await database.db.update(org).set({ deviceQuota: null }).where(eq(org.id, tree.company));

    const notAWorkbook = await call(ctx, companyAdmin, importFile, { file: Buffer.from('not a workbook').toString('base64') });
    expect(notAWorkbook).toMatchObject({ status: 400, codeKey: 'UPLOAD_FILE_FAIL' });
  });

  it('exports the list in the import’s layout', async () => {
    const { res } = await call(ctx, companyAdmin, exportList, { filename: 'terminals' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('terminals.xlsx');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Terminal number');
    const numbers = (sheet?.getColumn(1).values ?? []).slice(2);
    expect(numbers).toContain('13900000204');
    // The file imports again as it is: every row is already listed.
    const back = await call(ctx, companyAdmin, importFile, { file: res.rawPayload.toString('base64') });
    expect(back.data).toMatchObject({ added: 0, unchanged: numbers.length, problems: [] });
  });

  it('under the listed policy registers a listed terminal as the company’s device and refuses any other', async () => {
    const gateway = await gatewayOn({ policy: 'listed' });
    const made = await call(ctx, companyAdmin, add, { terminalNo: '13900000301', plate: 'GW 301' });
    expect(made.code).toBe(200);

    const listedOne = await terminalOn(gateway.port, '013900000301');
    const { result, code } = await listedOne.register(registrationOf('GW 301'));
    expect(result).toBe(REGISTRATION_RESULT.ok);
    expect(await listedOne.authenticate(code ?? '')).toBe(REPLY_RESULT.ok);
    expect(await deviceOf('13900000301')).toMatchObject({
      id: made.data.deviceId,
      protocol: 'jt808',
      belongCompanyId: tree.company,
      belongAgentId: tree.agent,
      online: true,
    });
    const page = await call(ctx, companyAdmin, listed, { ...firstPage, keyword: '13900000301' });
    expect(page.data.records[0]?.registeredTime).toEqual(expect.any(Number));

    const stranger = await terminalOn(gateway.port, '013900000399');
    expect((await stranger.register(registrationOf('GW 399'))).result).toBe(REGISTRATION_RESULT.noSuchTerminal);
    expect(await deviceOf('13900000399')).toBeUndefined();

    // A terminal that registered stays: it is a device like any other now.
    expect(await call(ctx, companyAdmin, remove, { id: made.data.deviceId })).toMatchObject({ status: 409, codeKey: 'DEVICE_STATE_ERROR' });
  });
});
