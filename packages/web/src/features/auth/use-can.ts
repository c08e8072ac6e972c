import { canCall, type Endpoint } from '@safety-shield/contract';
import { useSelfInfo } from './api/self-info.js';

/**
 * Whether the signed-in user may call an endpoint: the server's own rule from the contract, so buttons hide
 * exactly where the server would refuse. False until the user info has loaded.
 */
export function useCan(): (declaration: Pick<Endpoint, 'access'>) => boolean {
  const role = useSelfInfo().data?.baseInfo.role;
  return (declaration) => canCall(role, declaration);
}
