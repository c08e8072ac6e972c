export { CoachingQueuePage } from './CoachingQueuePage.js';
export { CoachingCard } from './components/CoachingCard.js';
