import { type ConfigProp, type ConfigSettings, configProps, settingDiffers } from '@safety-shield/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { rowData } from '../../../shared/ui/list/index.js';
import { settingText } from './values.js';
import './config-diff.css';

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

/** A setting in words, each camera's part on a line of its own (the parts `settingText` joins with '; '). */
function SettingLines({ text }: { text: string }) {
  return (
    <>
      {text.split('; ').map((line) => (
        <div key={line}>{line}</div>
      ))}
    </>
  );
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
      // Issue 29: the columns share the card's width and their texts wrap (a camera's settings, a long APN), so nothing
      // is cut off or scrolls sideways inside the card, at 1440 px beside the editor as on a phone.
      tableLayout="fixed"
      className="config-diff"
      data-testid={testId}
      onRow={(row) => rowData({ prop: row.prop, differs: String(row.differs) })}
      rowClassName={(row) => (row.differs ? 'config-differs' : '')}
      locale={{ emptyText: t('deviceConfig.nothingKnown') }}
      columns={[
        { key: 'prop', title: t('deviceConfig.property'), render: (_, row) => t(`deviceConfig.prop.${row.prop}`), width: '30%' },
        { key: 'running', title: t('deviceConfig.running'), render: (_, row) => <SettingLines text={row.running} />, width: '35%' },
        {
          key: 'portal',
          title: portalTitle,
          width: '35%',
          render: (_, row) => (
            <>
              <SettingLines text={row.portal} />
              {row.differs && (
                <Tag color="warning" style={{ marginTop: 4, marginInlineEnd: 0 }}>
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
