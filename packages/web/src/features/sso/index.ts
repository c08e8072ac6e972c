export { SsoAction } from './components/SsoAction.js';
