import type { ParamSetting } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';

/** The fields of the account's settings the console's preferences travel in. */
export type ShellParamSetting = Pick<ParamSetting, 'themeColour' | 'appearance' | 'tabsView' | 'fixedHeader' | 'sidebarLogo' | 'uiSize'>;

/** Best effort both ways: a failure leaves the cookies as they are, without a toast. */
export const getParamSetting = () => api.credential.paramSetting(undefined, { silent: true });
export const saveParamSetting = (body: ShellParamSetting) => api.credential.setParamSetting(body, { silent: true });
