export { CompanySettingPage } from './CompanySettingPage.js';
