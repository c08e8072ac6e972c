export { LiveAction } from './components/LiveAction.js';
export { LiveDialog } from './components/LiveDialog.js';
export { LivePlayer } from './components/LivePlayer.js';
