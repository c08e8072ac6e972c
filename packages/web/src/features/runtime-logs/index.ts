export { CollectionPage } from './CollectionPage.js';
