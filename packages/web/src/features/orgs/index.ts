export { LogoUpload } from './components/LogoUpload.js';
export { OrgAboutFields } from './components/OrgAboutFields.js';
export { OrgPicker } from './components/OrgPicker.js';
export { OrgScopeFilters, scopeKindsOf } from './components/OrgScopeFilters.js';
