export { ShareButton } from './components/ShareButton.js';
export { PublicIncidentsPage } from './PublicIncidentsPage.js';
