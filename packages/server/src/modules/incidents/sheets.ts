import type { EvidenceAccessRecord, IncidentRecord } from '@safety-shield/contract';
import { type SheetColumn, sheetTime } from '../../http/xlsx.js';
import { placeLabel } from '../../places/label.js';

/** `/v2/event/export`: the incident list as the console shows it (times in UTC). */
export const incidentColumns: SheetColumn<IncidentRecord>[] = [
  { header: 'Incident', width: 10, value: (r) => r.eventId },
  { header: 'Time (UTC)', width: 20, value: (r) => sheetTime(r.triggerTime) },
  { header: 'Local time', width: 20, value: (r) => r.localTime },
  { header: 'Type', width: 18, value: (r) => r.type },
  { header: 'Tag', width: 14, value: (r) => r.tagName },
  { header: 'License plate', width: 14, value: (r) => r.licensePlate },
  { header: 'Company', width: 22, value: (r) => r.companyName },
  { header: 'Fleet', width: 18, value: (r) => r.fleetName },
  { header: 'Speed km/h', width: 11, value: (r) => r.speed },
  { header: 'Latitude', width: 11, value: (r) => r.lat },
  { header: 'Longitude', width: 11, value: (r) => r.lng },
  { header: 'Place', width: 24, value: (r) => placeLabel(r.place) },
  { header: 'Review', width: 10, value: (r) => r.reviewState },
  { header: 'Reviewer', width: 16, value: (r) => r.latestReviewer },
  { header: 'Reviewed (UTC)', width: 20, value: (r) => sheetTime(r.reviewTime) },
  { header: 'Pictures', width: 9, value: (r) => r.pictures },
  { header: 'Videos', width: 8, value: (r) => r.videos },
];

/** `/v2/event/access/export`: an incident's evidence access list (times in UTC). */
export const accessColumns: SheetColumn<EvidenceAccessRecord>[] = [
  { header: 'Time (UTC)', width: 20, value: (r) => sheetTime(r.time) },
  { header: 'Username', width: 18, value: (r) => r.username },
  { header: 'Role', width: 16, value: (r) => r.role },
  { header: 'Share link', width: 14, value: (r) => r.shareLinkId },
  { header: 'File', width: 10, value: (r) => r.resourceId },
  { header: 'Kind', width: 9, value: (r) => r.kind },
  { header: 'Action', width: 10, value: (r) => r.action },
  { header: 'Address', width: 18, value: (r) => r.ip },
];
