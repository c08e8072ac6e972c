export { ApiTokensPanel } from './components/ApiTokensPanel.js';
export { GoogleAuthPanel } from './components/GoogleAuthPanel.js';
export { LeavePanel } from './components/LeavePanel.js';
