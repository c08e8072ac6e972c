import type { LoginResult, SsoLoginBody, SsoStartBody } from '@safety-shield/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** The provider's authorization URL for a company's sign-in name. */
export const startSso = (body: SsoStartBody) => api.sso.start(body);

export const useStartSso = () => useMutation({ mutationFn: startSso });

/** A state is single-use: the answer is posted once per page load, however often the page renders. */
const finishing = new Map<string, Promise<LoginResult>>();

/** Finishes single sign-on with what the provider put on `/auth-redirect`. */
export function finishSso(body: SsoLoginBody): Promise<LoginResult> {
  let answer = finishing.get(body.state);
  if (!answer) {
    // Silent: the page says what went wrong.
    answer = api.sso.login(body, { silent: true });
    finishing.set(body.state, answer);
  }
  return answer;
}
