import { canCall, type Endpoint, sessionStepsOf } from '@safety-shield/contract';
import { useSelfInfo } from './api/self-info.js';

/**
 * Whether the signed-in user may call an endpoint now: the server's own rule from the contract, with the steps the
 * session still owes (first-login password, terms), so buttons hide and background reads wait exactly where the
 * server would refuse. False until the user info has loaded.
 */
export function useCan(): (declaration: Pick<Endpoint, 'access' | 'beforePasswordChange' | 'beforeClause'>) => boolean {
  const info = useSelfInfo().data;
  return (declaration) => info !== undefined && canCall(info.baseInfo.role, declaration, sessionStepsOf(info));
}
