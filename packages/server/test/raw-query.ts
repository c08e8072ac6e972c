import type { Endpoint } from '@safety-shield/contract';
import type { Answer, Caller } from './api-client.js';

/**
 * A GET of a declared endpoint whose query names one field with an empty value (`?name=`): a call leaves empty fields
 * out, so a test of how the server reads an empty value writes that query string itself. The path is the declaration's.
 */
export async function callWithEmptyField(
  caller: Caller,
  token: string | undefined,
  endpoint: Endpoint,
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: a refused call's data has no declared shape
): Promise<Answer<any>> {
  const inject = 'app' in caller ? caller.app.inject.bind(caller.app) : caller.inject.bind(caller);
  const res = await inject({ method: 'GET', url: `${endpoint.path}?${name}=`, headers: token ? { 'x-token': token } : {} });
  return { ...res.json(), status: res.statusCode, res };
}
