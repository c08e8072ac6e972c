import { pathTo } from '@safety-shield/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { type ListColumn, reasonColumn } from '../../../shared/ui/list/index.js';

/** The columns the upgrade list and the upgrade log share: the device, linking to its page, and why its upgrade failed. */
export const upgradeColumns = {
  device: <T extends { deviceId: number; deviceUuid: string }>(t: TFunction, key: string, priority?: number): ListColumn<T> => ({
    key,
    title: t('firmware.device'),
    priority,
    fitWidth: 190,
    render: (_, record) => <Link to={pathTo('DeviceDetail', { query: { deviceId: record.deviceId } })}>{record.deviceUuid}</Link>,
  }),
  reason: <T extends { reason: string | null }>(t: TFunction, failed: (record: T) => boolean, fitWidth: number): ListColumn<T> =>
    reasonColumn(t('firmware.reason'), (record) => ({ reason: record.reason, failed: failed(record) }), { priority: 3, fitWidth }),
};
