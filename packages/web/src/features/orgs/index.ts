export { OrgPicker } from './components/OrgPicker.js';
