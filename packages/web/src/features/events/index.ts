export { useTagOptions } from './api/get-tags.js';
export { EventDetailPage } from './EventDetailPage.js';
export { EventListPage } from './EventListPage.js';
export { RecycleBinPage } from './RecycleBinPage.js';
export { TagListPage } from './TagListPage.js';
