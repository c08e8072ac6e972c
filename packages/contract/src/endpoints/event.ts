import { endpoints } from '../endpoint.js';

export const eventApi = endpoints('events', {});
export const eventMapApi = endpoints('events', {});
export const evidenceRequestApi = endpoints('evidence-requests', {});
export const resourceApi = endpoints('evidence', {});
export const shareApi = endpoints('share', {});
