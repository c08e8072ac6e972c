export { ConfigInfoPage } from './ConfigInfoPage.js';
export { ConfigSettingPage } from './ConfigSettingPage.js';
