export { SubscriptionListPage } from './SubscriptionListPage.js';
export { UsagePage } from './UsagePage.js';
