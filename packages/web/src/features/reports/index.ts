// The router loads the page from its own module; other features take nothing from here yet.
export { ReportPage } from './ReportPage.js';
