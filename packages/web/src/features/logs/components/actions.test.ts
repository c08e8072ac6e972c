import { apiEndpoints, type EndpointGroup, orgKinds, roles } from '@safety-shield/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import shared from '../../../shared/i18n/locales/en.json';
import logs from '../i18n/en.json';
import { actionLabel, logActions } from './actions.js';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({ lng: 'en', resources: { en: { translation: { ...shared, ...logs } } }, interpolation: { escapeValue: false } }),
);

describe('operation-log action names', () => {
  it('names every action the server records in words', () => {
    for (const action of logActions) expect(actionLabel(action, i18n.t), action).not.toMatch(/^[a-z]+\.|log\.actions/);
    expect(actionLabel('account.register.company', i18n.t)).toBe('Register account (Company Admin)');
    expect(actionLabel('org.fleet.state', i18n.t)).toBe('Enable or forbid organisation (Fleet)');
  });

  it('lists every action an endpoint of the contract declares', () => {
    const declared = Object.values(apiEndpoints).flatMap((group) =>
      Object.values(group as EndpointGroup).map((endpoint) => endpoint.audit),
    );
    for (const action of declared) if (action) expect(logActions, action).toContain(action);
  });

  it('shows an action it does not know as recorded', () => {
    expect(actionLabel('incident.review', i18n.t)).toBe('incident.review');
  });

  it('has the texts the screens build from an organisation kind or a role', () => {
    for (const kind of orgKinds)
      for (const prefix of ['org.kind', 'org.pick', 'org.add', 'org.edit'])
        expect(i18n.exists(`${prefix}.${kind}`), `${prefix}.${kind}`).toBe(true);
    for (const role of roles) expect(i18n.exists(`roles.${role}`), role).toBe(true);
  });
});
