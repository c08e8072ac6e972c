// The page is loaded by the router from its own module (app/pages.ts).
export { LineSummaryPage } from './LineSummaryPage.js';
