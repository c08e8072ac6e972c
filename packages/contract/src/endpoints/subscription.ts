import { endpoints } from '../endpoint.js';

export const subscriptionApi = endpoints('subscriptions', {});
