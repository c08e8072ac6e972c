export { DvrPage } from './DvrPage.js';
