import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
type MessageApi = AppApi['message'];

/**
 * antd's message and modal bound to the app's theme and locale, for code outside React (the HTTP layer).
 * FeedbackBridge fills it in when the app mounts.
 */
export const feedback: { message?: MessageApi; modal?: AppApi['modal'] } = {};

const pending: ((message: MessageApi) => void)[] = [];

/**
 * Shows a message now, or as soon as the app has mounted: the guard runs before the first render
 * on a page load, when there is nothing to show a message with yet.
 */
export function notify(show: (message: MessageApi) => void) {
  if (feedback.message) show(feedback.message);
  else pending.push(show);
}

/** Called by FeedbackBridge once the message API exists. */
export function flushPendingMessages(message: MessageApi) {
  for (const show of pending.splice(0)) show(message);
}
