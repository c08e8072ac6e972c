export { configHistoryQuery, useConfigState } from './api/config.js';
export { ConfigInfoPage } from './ConfigInfoPage.js';
export { ConfigSettingPage } from './ConfigSettingPage.js';
export { StatusTag } from './components/StatusTag.js';
export { versionColumns } from './components/version-columns.js';
