import type { ConfigVersion } from '@safety-shield/contract';
import type { TFunction } from 'i18next';
import { type ListColumn, reasonColumn, timeColumn } from '../../../shared/ui/list/index.js';
import { StatusTag } from './StatusTag.js';

/**
 * The columns a configuration version shows wherever its versions are listed (the configuration's history, the
 * device's detail): each list puts them in its own order, with its own version and actions columns.
 */
export function versionColumns(t: TFunction) {
  return {
    status: {
      key: 'status',
      title: t('deviceConfig.statusTitle'),
      priority: 1,
      fitWidth: 120,
      render: (_, row) => <StatusTag status={row.status} />,
    },
    changed: {
      key: 'changed',
      title: t('deviceConfig.changed'),
      priority: 2,
      fitWidth: 200,
      render: (_, row) => row.changed.map((prop) => t(`deviceConfig.prop.${prop}`)).join(', ') || '—',
    },
    createdBy: {
      key: 'createdBy',
      title: t('deviceConfig.createdBy'),
      priority: 3,
      fitWidth: 120,
      render: (_, row) => row.createdBy ?? '—',
    },
    created: timeColumn<ConfigVersion>('created', t('deviceConfig.created'), (row) => row.createTime, 3),
    applied: timeColumn<ConfigVersion>('applied', t('deviceConfig.appliedTime'), (row) => row.appliedTime, 4),
    /** A refused version is red. */
    reason: (priority: number) =>
      reasonColumn<ConfigVersion>(t('deviceConfig.reason'), (row) => ({ reason: row.reason, failed: row.status === 'refused' }), {
        priority,
        fitWidth: 180,
      }),
  } satisfies Record<string, ListColumn<ConfigVersion> | ((priority: number) => ListColumn<ConfigVersion>)>;
}
