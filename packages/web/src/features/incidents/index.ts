export { useTagOptions } from './api/get-tags.js';
export { IncidentDetailPage } from './IncidentDetailPage.js';
export { IncidentListPage } from './IncidentListPage.js';
export { RecycleBinPage } from './RecycleBinPage.js';
export { TagListPage } from './TagListPage.js';
