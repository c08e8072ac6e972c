import { Type } from 'typebox';
import { ById, Created, PageOf } from '../api/common.js';
import {
  ReportRecipient,
  ReportRecipientQuery,
  ReportSchedule,
  ReportScheduleCreateBody,
  ReportScheduleListQuery,
  ReportScheduleUpdateBody,
  ReportSendBody,
  ReportSent,
} from '../api/report-schedule.js';
import { endpoints } from '../endpoint.js';
import { statisticsReaders } from './statistics.js';

/**
 * Scheduled reports (issue 19, docs/decisions.md "Scheduled reports"): the statistics' readers subscribe accounts of
 * their scope to the weekly or monthly report of an organisation, each schedule seen by those who see all of it.
 */
export const reportScheduleApi = endpoints('reportSchedules', {
  list: {
    method: 'GET',
    path: '/v1/reportSchedule/list',
    summary: 'The report schedules of the caller’s scope, with their recipients and how the latest period went',
    access: statisticsReaders,
    query: ReportScheduleListQuery,
    response: PageOf(ReportSchedule),
  },
  recipients: {
    method: 'GET',
    path: '/v1/reportSchedule/recipients',
    summary: 'Accounts of the caller’s scope a report may go to (statistics readers), by username or name; at most 20',
    access: statisticsReaders,
    query: ReportRecipientQuery,
    response: Type.Array(ReportRecipient),
  },
  create: {
    method: 'POST',
    path: '/v1/reportSchedule',
    summary: 'Subscribe accounts to the weekly or monthly report of an organisation (or of each one’s own scope)',
    access: statisticsReaders,
    audit: 'report.schedule.create',
    body: ReportScheduleCreateBody,
    response: Created,
  },
  update: {
    method: 'PUT',
    path: '/v1/reportSchedule',
    summary: 'Change a schedule: name, organisation, frequency, recipients, on or off',
    access: statisticsReaders,
    audit: 'report.schedule.update',
    auditTarget: 'id',
    body: ReportScheduleUpdateBody,
  },
  remove: {
    method: 'DELETE',
    path: '/v1/reportSchedule/:id',
    summary: 'Delete a schedule and its delivery history',
    access: statisticsReaders,
    audit: 'report.schedule.delete',
    auditTarget: 'id',
    params: ById,
  },
  send: {
    method: 'POST',
    path: '/v1/reportSchedule/send',
    summary: 'Send the schedule’s report now (its last week or month) to its recipients or to the accounts named',
    access: statisticsReaders,
    audit: 'report.schedule.send',
    auditTarget: 'id',
    body: ReportSendBody,
    response: ReportSent,
  },
});
