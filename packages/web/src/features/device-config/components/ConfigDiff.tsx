import { type ConfigProp, type ConfigSettings, configProps, settingDiffers } from '@safety-shield/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { rowData } from '../../../shared/ui/list/index.js';
import { settingText } from './values.js';

interface Props {
  /** What the device runs (its report). */
  running: ConfigSettings | null | undefined;
  /** What the portal holds or is about to send. */
  portal: ConfigSettings | null | undefined;
  portalTitle: string;
  testId: string;
}

interface Row {
  prop: ConfigProp;
  running: string;
  portal: string;
  differs: boolean;
}

/** Each property the device runs beside the portal's, the differences marked (a word and a colour). */
export function ConfigDiff({ running, portal, portalTitle, testId }: Props) {
  const { t } = useTranslation();
  const rows: Row[] = configProps
    .filter((prop) => running?.[prop] !== undefined || portal?.[prop] !== undefined)
    .map((prop) => ({
      prop,
      running: settingText(t, prop, running),
      portal: settingText(t, prop, portal),
      // A threshold class is the same class whatever values the portal filled in for it.
      differs:
        portal?.[prop] !== undefined &&
        (prop === 'thresholds' ? running?.thresholds?.classId !== portal.thresholds?.classId : settingDiffers(prop, running, portal)),
    }));
  return (
    <Table<Row>
      size="small"
      rowKey="prop"
      pagination={false}
      dataSource={rows}
      // On a phone the three columns scroll inside the card rather than push the page sideways.
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      onRow={(row) => rowData({ prop: row.prop, differs: String(row.differs) })}
      rowClassName={(row) => (row.differs ? 'config-differs' : '')}
      locale={{ emptyText: t('deviceConfig.nothingKnown') }}
      columns={[
        { key: 'prop', title: t('deviceConfig.property'), render: (_, row) => t(`deviceConfig.prop.${row.prop}`), width: 180 },
        { key: 'running', title: t('deviceConfig.running'), dataIndex: 'running' },
        {
          key: 'portal',
          title: portalTitle,
          render: (_, row) => (
            <>
              {row.portal}
              {row.differs && (
                <Tag color="warning" style={{ marginInlineStart: 8 }}>
                  {t('deviceConfig.differs')}
                </Tag>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
