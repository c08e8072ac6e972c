import { App } from 'antd';
import { useEffect } from 'react';
import { feedback, flushPendingMessages } from './feedback.js';

/** Hands the themed message and modal APIs to code outside React. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    feedback.message = message;
    feedback.modal = modal;
    flushPendingMessages(message);
  }, [message, modal]);
  return null;
}
