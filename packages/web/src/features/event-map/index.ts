export { EventMapPage } from './EventMapPage.js';
