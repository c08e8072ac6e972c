import { type Static, Type } from 'typebox';
import { TERMINAL_NUMBER_PATTERN } from '../jt808/terminal-number.js';
import { EpochMs, ExportQueryOf, Id, Nullable, PageQuery, TextFilter } from './common.js';

/**
 * JT/T 808 terminals listed in advance (docs/jt808.md, "Listing terminals"): under `JT808_REGISTRATION=listed` only
 * these register. Each is a device of its company (protocol `jt808`) that waits, without a code, for its terminal.
 */

/** Who may register: any terminal (`open`, the default), or only those listed in advance (`listed`). */
export const registrationPolicies = ['open', 'listed'] as const;
export type RegistrationPolicy = (typeof registrationPolicies)[number];

/** The most rows one import reads, and the largest file it takes (base64 makes it a third larger in the body). */
export const LISTED_IMPORT_MAX_ROWS = 5000;
export const LISTED_IMPORT_MAX_BYTES = 512 * 1024;

/** The longest plate a terminal's registration carries (2019: BYTE[n] after the fixed fields; the portal's vehicles take 20). */
export const LISTED_PLATE_MAX = 20;

const TerminalNumber = Type.String({ minLength: 1, maxLength: 20, pattern: TERMINAL_NUMBER_PATTERN, description: '1 to 20 digits' });
/** A company's own (a Company Admin's, left out) or one of the caller's scope. */
const CompanyChoice = { companyId: Type.Optional(Id) };

export const ListedTerminalQuery = Type.Object({
  ...PageQuery,
  ...CompanyChoice,
  /** Part of the terminal number or the plate. */
  keyword: TextFilter,
});
export type ListedTerminalQuery = Static<typeof ListedTerminalQuery>;

export const ListedTerminalRecord = Type.Object({
  /** The device it is (its uuid is the terminal number). */
  deviceId: Type.Integer(),
  /** Without leading zeros, as the portal keys it. */
  terminalNo: Type.String(),
  /** The plate listed, or the one the terminal registered with. */
  plate: Nullable(Type.String()),
  /** When the terminal first registered; null while it has not. */
  registeredTime: Nullable(EpochMs),
  createTime: EpochMs,
});
export type ListedTerminalRecord = Static<typeof ListedTerminalRecord>;

export const ListedTerminalPage = Type.Object({
  records: Type.Array(ListedTerminalRecord),
  total: Type.Integer(),
  companyId: Type.Integer(),
  /** The deployment's `JT808_REGISTRATION`: under `open` the list is kept but any terminal registers (unmatched). */
  registration: Type.Enum(registrationPolicies),
});
export type ListedTerminalPage = Static<typeof ListedTerminalPage>;

export const ListedTerminalBody = Type.Object({
  ...CompanyChoice,
  terminalNo: TerminalNumber,
  plate: Type.Optional(Nullable(Type.String({ maxLength: LISTED_PLATE_MAX }))),
});
export type ListedTerminalBody = Static<typeof ListedTerminalBody>;

export const ListedTerminalImportBody = Type.Object({
  ...CompanyChoice,
  /** The .xlsx file, base64: the first sheet, terminal numbers in column A, plates (optional) in column B; a header row is skipped. */
  file: Type.String({
    minLength: 1,
    maxLength: Math.ceil(LISTED_IMPORT_MAX_BYTES / 3) * 4,
    pattern: '^[A-Za-z0-9+/]*={0,2}$',
    contentEncoding: 'base64',
  }),
});
export type ListedTerminalImportBody = Static<typeof ListedTerminalImportBody>;

/**
 * Why a row was not listed: not 1–20 digits (`number`), a plate longer than 20 characters (`plateLength`), the same number
 * on an earlier row (`duplicate`), a number another device has (`taken`: another company's, an MQTT device, a terminal
 * that registered unmatched), or no device quota left (`quota`).
 */
export const listedImportProblems = ['number', 'plateLength', 'duplicate', 'taken', 'quota'] as const;
export type ListedImportProblem = (typeof listedImportProblems)[number];

export const ListedTerminalImportResult = Type.Object({
  /** Rows with a number read (empty rows and the header left out). */
  rows: Type.Integer(),
  added: Type.Integer(),
  /** Rows whose number the company had listed already: left as they are, so a corrected file can be imported again. */
  unchanged: Type.Integer(),
  problems: Type.Array(
    Type.Object({
      /** The row in the sheet (1 is the first). */
      row: Type.Integer(),
      /** The cell as read. */
      terminalNo: Type.String(),
      problem: Type.Enum(listedImportProblems),
    }),
  ),
});
export type ListedTerminalImportResult = Static<typeof ListedTerminalImportResult>;

export const ListedTerminalExportQuery = ExportQueryOf(ListedTerminalQuery);
export type ListedTerminalExportQuery = Static<typeof ListedTerminalExportQuery>;
