import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * antd's message and modal bound to the app's theme and locale, for code outside React (the HTTP layer).
 * FeedbackBridge fills it in when the app mounts.
 */
export const feedback: { message?: AppApi['message']; modal?: AppApi['modal'] } = {};
