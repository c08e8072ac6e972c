export { UpgradeCollectionPage } from './UpgradeCollectionPage.js';
export { UpgradeListPage } from './UpgradeListPage.js';
export { UpgradeLogPage } from './UpgradeLogPage.js';
export { UpgradeManagerPage } from './UpgradeManagerPage.js';
