import {
  type DefaultTagKind,
  defaultTagKinds,
  defaultTagNames,
  type EvidenceAccessRecord,
  type IncidentRecord,
  type Language,
} from '@safety-shield/contract';
import { incidentTypeNames } from '@safety-shield/contract/messages';
import { type SheetColumn, sheetTime } from '../../http/xlsx.js';
import { placeLabel } from '../../places/label.js';
import { exportTexts, roleName } from '../../texts/exports.js';
import { readerFormat, withUnit } from '../../texts/format.js';

const kindByStoredName = new Map<string, DefaultTagKind>(defaultTagKinds.map((kind) => [defaultTagNames[kind], kind]));

/** `/v2/event/export`: the incident list as the console shows it, in the reader's words (times in UTC). */
export function incidentColumns(language: Language): SheetColumn<IncidentRecord>[] {
  const { columns: c, review, defaultTags } = exportTexts[language];
  const types = incidentTypeNames[language];
  const format = readerFormat(language);
  // A default tag still under its stored (English) name reads in the language, as in the console.
  const tag = (name: string | null) => {
    const kind = name ? kindByStoredName.get(name) : undefined;
    return kind ? defaultTags[kind] : name;
  };
  return [
    { header: c.incident, width: 10, value: (r) => r.eventId },
    { header: withUnit(c.time, 'UTC'), width: 20, value: (r) => sheetTime(r.triggerTime) },
    { header: c.localTime, width: 20, value: (r) => r.localTime },
    { header: c.type, width: 18, value: (r) => types[r.type] ?? r.type },
    { header: c.tag, width: 14, value: (r) => tag(r.tagName) },
    { header: c.licencePlate, width: 14, value: (r) => r.licensePlate },
    { header: c.driver, width: 20, value: (r) => r.driverName },
    { header: c.driverLicence, width: 20, value: (r) => r.driverLicence },
    { header: c.company, width: 22, value: (r) => r.companyName },
    { header: c.fleet, width: 18, value: (r) => r.fleetName },
    { header: withUnit(c.speed, format.unit('kilometer-per-hour')), width: 11, value: (r) => r.speed },
    { header: c.latitude, width: 11, value: (r) => r.lat },
    { header: c.longitude, width: 11, value: (r) => r.lng },
    { header: c.place, width: 24, value: (r) => placeLabel(r.place, language) },
    { header: c.review, width: 10, value: (r) => review[r.reviewState] },
    { header: c.reviewer, width: 16, value: (r) => r.latestReviewer },
    { header: withUnit(c.reviewTime, 'UTC'), width: 20, value: (r) => sheetTime(r.reviewTime) },
    { header: c.pictures, width: 9, value: (r) => r.pictures },
    { header: c.videos, width: 8, value: (r) => r.videos },
  ];
}

/** `/v2/event/access/export`: an incident's evidence access list, in the reader's words (times in UTC). */
export function accessColumns(language: Language): SheetColumn<EvidenceAccessRecord>[] {
  const { columns: c, accessKind, accessAction } = exportTexts[language];
  return [
    { header: withUnit(c.time, 'UTC'), width: 20, value: (r) => sheetTime(r.time) },
    { header: c.username, width: 18, value: (r) => r.username },
    { header: c.role, width: 16, value: (r) => roleName(language, r.role) },
    { header: c.shareLink, width: 14, value: (r) => r.shareLinkId },
    { header: c.file, width: 10, value: (r) => r.resourceId },
    { header: c.kind, width: 9, value: (r) => accessKind[r.kind] },
    { header: c.action, width: 10, value: (r) => accessAction[r.action] },
    { header: c.address, width: 18, value: (r) => r.ip },
  ];
}
