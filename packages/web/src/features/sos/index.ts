export { FocusBoard } from './components/FocusBoard.js';
