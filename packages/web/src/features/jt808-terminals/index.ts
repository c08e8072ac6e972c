export { ListedTerminalsCard } from './components/ListedTerminalsCard.js';
