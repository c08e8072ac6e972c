import { mediaTypes } from '../api/common.js';
import { ReportPdfQuery, ReportQuery, StatisticsReport } from '../api/report.js';
import { endpoints } from '../endpoint.js';
import { statisticsReaders } from './statistics.js';

/** `/statistics/report` (issue 19): the report of a range and an organisation, on screen and as a PDF. */
export const reportApi = endpoints('report', {
  report: {
    method: 'GET',
    path: '/v1/statistics/report',
    summary: 'The report of a range and an organisation: overview figures, rankings, safety scores, worst vehicles, coaching',
    access: statisticsReaders,
    query: ReportQuery,
    response: StatisticsReport,
  },
  reportPdf: {
    method: 'GET',
    path: '/v1/statistics/report/pdf',
    summary: 'The same report as an A4 PDF in a language, with the organisation’s logo',
    access: statisticsReaders,
    query: ReportPdfQuery,
    raw: true,
    produces: [mediaTypes.pdf],
  },
});
