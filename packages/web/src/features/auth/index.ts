export { useSignOut } from './api/logout.js';
export { selfInfoQuery, useSelfInfo } from './api/self-info.js';
export { loginPathFor, safeRedirect } from './redirect.js';
export { useCan } from './use-can.js';
