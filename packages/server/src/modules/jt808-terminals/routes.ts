import { jt808TerminalApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { sendSheet } from '../../http/xlsx.js';
import { auditCreated, auditDetail } from '../logs/index.js';
import type { ListedTerminals } from './service.js';
import { listedColumns } from './sheets.js';

/** Handlers of the contract's listed-terminal endpoints (docs/jt808.md, "Listing terminals"). */
export const listedTerminalRoutes: FastifyPluginAsync<{ terminals: ListedTerminals }> = async (app, { terminals }) => {
  serve(app, jt808TerminalApi, {
    listed: async (req) => terminals.list(principalOf(req), req.query),
    add: async (req) => {
      const made = await auditCreated(req, terminals.add(principalOf(req), req.body), (t) => t.deviceId);
      auditDetail(req, { after: { terminalNo: made.terminalNo, plate: made.plate, companyId: req.body.companyId ?? null } });
      return made;
    },
    remove: async (req) => {
      const terminalNo = await terminals.remove(principalOf(req), req.params.id);
      auditDetail(req, { before: { terminalNo }, after: null });
    },
    import: async (req) => {
      const result = await terminals.import(principalOf(req), req.body.companyId, req.body.file);
      auditDetail(req, { rows: result.rows, added: result.added, unchanged: result.unchanged, problems: result.problems.length });
      return result;
    },
    export: async (req, reply) => {
      const { filename, companyId, keyword } = req.query;
      const batches = await terminals.exportBatches(principalOf(req), companyId, keyword);
      return sendSheet(req, reply, { filename, fallback: 'jt808-terminals', sheet: 'jt808Terminals', columns: listedColumns, batches });
    },
  });
};
