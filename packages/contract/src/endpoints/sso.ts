import { LoginResult } from '../api/account.js';
import { ById } from '../api/common.js';
import { SsoConfig, SsoConfigBody, SsoLoginBody, SsoStartBody, SsoStartResult, ssoManagers } from '../api/sso.js';
import { endpoints } from '../endpoint.js';

/** Single sign-on with a company's OpenID provider (issue 15): starting and finishing it, and each company's setting. */
export const ssoApi = endpoints('sso', {
  start: {
    method: 'POST',
    path: '/v1/account/sso/start',
    summary: 'The authorization URL of the company’s OpenID provider for its sign-in name',
    access: 'public',
    duringMaintenance: true,
    rate: 'login',
    audit: 'account.sso.start',
    auditTarget: 'name',
    body: SsoStartBody,
    response: SsoStartResult,
  },
  login: {
    method: 'POST',
    path: '/v1/account/sso/login',
    summary: 'Finish single sign-on with the code and state the provider sent to /auth-redirect',
    access: 'public',
    duringMaintenance: true,
    rate: 'login',
    audit: 'account.login.sso',
    body: SsoLoginBody,
    response: LoginResult,
  },
  config: {
    method: 'GET',
    path: '/v1/org/company/sso',
    summary: 'A company’s single sign-on setting (the client secret only as "set")',
    access: ssoManagers,
    query: ById,
    response: SsoConfig,
  },
  saveConfig: {
    method: 'PUT',
    path: '/v1/org/company/sso',
    summary: 'Set a company’s OpenID provider; the issuer’s discovery is checked before saving',
    access: ssoManagers,
    audit: 'org.company.sso.save',
    auditTarget: 'id',
    body: SsoConfigBody,
  },
  removeConfig: {
    method: 'DELETE',
    path: '/v1/org/company/sso',
    summary: 'Remove a company’s single sign-on',
    access: ssoManagers,
    audit: 'org.company.sso.delete',
    auditTarget: 'id',
    query: ById,
  },
});
