import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deviceApi, eventApi, firmwareApi, type Language, languages, logApi } from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { exportTexts } from '../src/texts/exports.js';
import { readerFormat } from '../src/texts/format.js';
import { call } from './api-client.js';
import { login, testApp } from './helpers.js';

/** The console's texts of a language, shared and every feature's, flattened: 'events.plate' → 'Licence plate'. */
function consoleTexts(language: Language): Map<string, string> {
  const web = path.join(import.meta.dirname, '../../web/src');
  const files = [
    path.join(web, 'shared/i18n/locales', `${language}.json`),
    ...readdirSync(path.join(web, 'features'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith(path.join('i18n', `${language}.json`)))
      .map((file) => path.join(web, 'features', file)),
  ];
  const out = new Map<string, string>();
  const walk = (value: unknown, prefix: string) => {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (typeof child === 'string') out.set(name, child);
      else walk(child, name);
    }
  };
  for (const file of files) walk(JSON.parse(readFileSync(file, 'utf8')), '');
  return out;
}

/** The rows of an .xlsx answer, the header first, and the first sheet's name. */
async function workbook(payload: Buffer) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const [sheet] = book.worksheets;
  if (!sheet) throw new Error('no sheet');
  return { name: sheet.name, header: (sheet.getRow(1).values as unknown[]).slice(1) as string[] };
}

/** What a Russian header may keep in Latin letters: codes and names that are the same in every language. */
const LATIN_KEPT = /\b(?:UTC|UUID|ICCID|IP|zip)\b/g;

describe('the exports speak the reader’s language (issue 29)', () => {
  it.each(languages)('%s: an export names things as the console does, letter for letter', (language) => {
    const texts = exportTexts[language];
    const console = consoleTexts(language);
    const same = (exported: string, key: string) => expect(exported, `${language} ${key}`).toBe(console.get(key));
    // One spelling: the export's "Licence plate" is the console's, in every list that shows a plate.
    for (const key of ['events.plate', 'devices.plate', 'vehicles.licensePlate']) same(texts.columns.licencePlate, key);
    same(texts.columns.driver, 'events.driver');
    same(texts.columns.driverLicence, 'events.driverLicence');
    same(texts.online, 'devices.online');
    same(texts.offline, 'devices.offline');
    for (const [role, name] of Object.entries(texts.roles)) same(name, `roles.${role}`);
    for (const [state, name] of Object.entries(texts.review)) same(name, `events.review.${state}`);
    for (const [kind, name] of Object.entries(texts.defaultTags)) same(name, `defaultTags.${kind}`);
    for (const [phase, name] of Object.entries(texts.phase)) same(name, `firmware.phase.${phase}`);
    for (const [result, name] of Object.entries(texts.result)) same(name, `firmware.result.${result}`);
    same(texts.accessKind.zip, 'events.access.zip');
    same(texts.accessAction.view, 'events.access.view');
    same(texts.accessAction.download, 'events.access.download');
  });

  it('no export of any language spells it "License plate"', () => {
    for (const language of languages) expect(JSON.stringify(exportTexts[language].columns)).not.toMatch(/License/);
  });

  it('writes numbers in the reader’s digits and units', () => {
    const ru = readerFormat('ru');
    expect(ru.number(57.5)).toBe('57,5');
    expect(ru.measure(52.5, 'kilometer-per-hour').replace(/\u00a0/g, ' ')).toBe('52,5 км/ч');
    expect(readerFormat('en').number(57.5)).toBe('57.5');
  });

  describe('through the API', async () => {
    const ctx = await testApp();
    afterAll(() => ctx.close());
    const admin = await login(ctx.app);
    const inRussian = { headers: { 'accept-language': 'ru' } };

    it('names the sheets and columns in the console’s language, units included', async () => {
      const devices = await workbook((await call(ctx.app, admin, deviceApi.export, {}, inRussian)).res.rawPayload);
      expect(devices.name).toBe('Устройства');
      expect(devices.header).toEqual(expect.arrayContaining(['Госномер', 'Состояние', 'Сигнал сети (дБм)', 'Создано (UTC)']));
      const incidents = await workbook((await call(ctx.app, admin, eventApi.export, {}, inRussian)).res.rawPayload);
      expect(incidents.header).toEqual(expect.arrayContaining(['Госномер', 'Скорость (км/ч)', 'Время (UTC)', 'Статус просмотра']));
      const upgrades = await workbook((await call(ctx.app, admin, firmwareApi.export, {}, inRussian)).res.rawPayload);
      for (const header of [...devices.header, ...incidents.header, ...upgrades.header])
        expect(header.replace(LATIN_KEPT, ''), header).not.toMatch(/[A-Za-z]/);
      // The console asks in English: English it is, with the console's spelling.
      const english = await workbook(
        (await call(ctx.app, admin, deviceApi.export, {}, { headers: { 'accept-language': 'en' } })).res.rawPayload,
      );
      expect(english.header).toContain('Licence plate');
    });

    it('heads the CSV logs in the console’s language', async () => {
      const { res } = await call(ctx.app, admin, logApi.export, {}, inRussian);
      const [header = '', ...rows] = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header).toBe('Время (UTC),Имя пользователя,Роль,Действие,Объект,Результат,IP-адрес');
      // The admin's own login is on it, under the role's Russian name.
      expect(rows.some((row) => row.split(',')[2] === 'Суперадминистратор')).toBe(true);
      // Its result as the console shows it: the codeKey's message, not the key.
      expect(rows.every((row) => !row.includes('REQUEST_SUCCESS'))).toBe(true);
      const upgrades = await call(ctx.app, admin, firmwareApi.logExport, {}, inRussian);
      expect(upgrades.res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
        'Окончание (UTC),Начало (UTC),Устройство,Версия пакета,Исходная версия,Новая версия,Результат,Причина',
      );
    });
  });
});
