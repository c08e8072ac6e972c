export { LogoUpload } from './components/LogoUpload.js';
export { OrgPicker } from './components/OrgPicker.js';
