import type { ParamSetting } from '@safety-shield/contract';
import { http } from '../../../shared/http/client.js';

/** The fields of the account's settings the console's preferences travel in. */
export type ShellParamSetting = Pick<ParamSetting, 'themeColour' | 'tabsView' | 'fixedHeader' | 'sidebarLogo' | 'uiSize'>;

/** Best effort both ways: a failure leaves the cookies as they are, without a toast. */
export const getParamSetting = () => http.get<ParamSetting>('/v1/account/getParamSetting', undefined, { silent: true });
export const saveParamSetting = (body: ShellParamSetting) => http.put<null>('/v1/account/setParamSetting', body, { silent: true });
