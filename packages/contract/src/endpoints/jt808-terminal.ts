import { ById, mediaTypes } from '../api/common.js';
import {
  ListedTerminalBody,
  ListedTerminalExportQuery,
  ListedTerminalImportBody,
  ListedTerminalImportResult,
  ListedTerminalPage,
  ListedTerminalQuery,
  ListedTerminalRecord,
} from '../api/jt808-terminal.js';
import { endpoints } from '../endpoint.js';
import type { Role } from '../roles.js';

/**
 * Who lists a company's terminals: whoever manages its provisioning key (`deviceApi.newProvisioningKey`), a Company
 * Admin its own company, wider roles any company in scope. Both are how new devices of the company get in.
 */
const listers: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN'];

/** JT/T 808 terminals listed in advance under a company (docs/jt808.md, `JT808_REGISTRATION=listed`): ours, beside SPEC section 7. */
export const jt808TerminalApi = endpoints('jt808-terminals', {
  listed: {
    method: 'GET',
    path: '/v1/device/jt808/listed',
    summary: 'A company’s JT/T 808 terminals listed in advance, newest first, each with whether it registered, and the registration policy',
    access: listers,
    query: ListedTerminalQuery,
    response: ListedTerminalPage,
  },
  add: {
    method: 'POST',
    path: '/v1/device/jt808/listed',
    summary:
      'List one terminal under a company: its device (protocol jt808) waits for it to register (DEVICE_EXIST: the number is taken; ORG_QUOTA_NOT_ENOUGH)',
    access: listers,
    audit: 'device.jt808.add',
    body: ListedTerminalBody,
    response: ListedTerminalRecord,
  },
  remove: {
    method: 'DELETE',
    path: '/v1/device/jt808/listed/:id',
    summary: 'Take a listed terminal that has not registered yet off the list, with its device (DEVICE_STATE_ERROR once it registered)',
    access: listers,
    audit: 'device.jt808.remove',
    auditTarget: 'id',
    params: ById,
  },
  import: {
    method: 'POST',
    path: '/v1/device/jt808/listed/import',
    summary:
      'List terminals from an .xlsx file (base64; numbers in column A, plates in B): the valid rows in one transaction, each other row with its problem',
    access: listers,
    audit: 'device.jt808.import',
    body: ListedTerminalImportBody,
    response: ListedTerminalImportResult,
  },
  export: {
    method: 'GET',
    path: '/v1/device/jt808/listed/export',
    summary: 'A company’s listed terminals as an .xlsx file in the import’s layout (with none: the template)',
    access: listers,
    query: ListedTerminalExportQuery,
    raw: true,
    produces: [mediaTypes.xlsx],
  },
});
