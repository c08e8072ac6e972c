import { App } from 'antd';
import { useCallback } from 'react';

/**
 * Runs a change (a save, a delete, a state change) and, when it goes through, says `done`. Answers whether it went
 * through: a refusal answers false, the HTTP layer has shown the server's reason.
 */
export function useAttempt() {
  const { message } = App.useApp();
  return useCallback(
    async (change: () => Promise<unknown>, done: string) => {
      try {
        await change();
      } catch {
        return false;
      }
      message.success(done);
      return true;
    },
    [message],
  );
}
