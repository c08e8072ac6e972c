import { accountLevels, levelRole, orgKinds } from '@safety-shield/contract';
import type { TFunction } from 'i18next';

/** The operation-log actions the server records (its `audit` names), for the filter and the table. */
export const logActions: readonly string[] = [
  'account.login',
  'account.logout',
  'account.password.change',
  'account.password.reset',
  'account.self.update',
  'account.self.delete',
  ...accountLevels.map((level) => `account.register.${level}`),
  'account.update',
  'account.state',
  'account.delete',
  'account.assistant.state',
  'account.assistant.password',
  'account.assistant.delete',
  ...orgKinds.flatMap((kind) => ['create', 'update', 'state', 'delete'].map((verb) => `org.${kind}.${verb}`)),
  'account.login.google',
  'account.google.bind',
  'account.google.unbind',
  'account.apiToken.create',
  'account.apiToken.delete',
  'account.paramSetting',
  'account.unsubscribe',
  'clause.create',
  'clause.update',
  'clause.delete',
  'clause.consent',
  'company.setting',
  'subscription.create',
  'subscription.update',
  'subscription.state',
  'system.maintenance',
  'dashboard.open',
  'vehicle.create',
  'vehicle.update',
  'vehicle.delete',
  'vehicle.bind',
  'vehicle.unbind',
  'vehicle.lease',
  'vehicle.lease.end',
  'vehicle.email.add',
  'vehicle.email.code',
  'vehicle.email.verify',
  'vehicle.email.delete',
  'device.update',
  'device.delete',
  'device.iccid',
  'device.provisioning',
  'live.start',
  'live.stop',
  'live.hook',
  'dvr.play',
  'dvr.upload',
  'device.evidence.picture',
  'device.evidence.video',
  'device.evidence.batch.picture',
  'device.evidence.batch.video',
  'device.evidence.clip',
  'device.evidence.cancel',
  'sos.close',
  'device.alert.handle',
  'event.review',
  'event.comment',
  'event.delete',
  'event.restore',
  'event.forever',
  'event.evidence.download',
  'event.picture.list',
  'event.share',
  'event.tag.create',
  'event.tag.update',
  'event.tag.delete',
  'event.tag.restore',
  'event.tag.receiveIncident',
  'event.tag.receiveVideo',
  'event.tag.holdDays',
  'event.tag.notifyEmail',
  // Evidence access (issue 15): all of it, then each kind of line.
  'evidence',
  'evidence.picture.view',
  'evidence.video.view',
  'evidence.picture.download',
  'evidence.zip.download',
];

/** A readable, translated name of an action; an action this console does not know yet shows as recorded. */
export function actionLabel(action: string, t: TFunction): string {
  const register = /^account\.register\.(\w+)$/.exec(action);
  const level = accountLevels.find((value) => value === register?.[1]);
  if (level) return t('log.actions.register', { role: t(`roles.${levelRole[level]}`) });
  const org = /^org\.(\w+)\.(create|update|state|delete)$/.exec(action);
  const kind = orgKinds.find((value) => value === org?.[1]);
  if (kind && org) return t(`log.actions.org.${org[2]}`, { kind: t(`org.kind.${kind}`) });
  const key = `log.actions.${action.replaceAll('.', '_')}`;
  return t(key, { defaultValue: action });
}
