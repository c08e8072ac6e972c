import { ClockCircleOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zoneName } from '../ui/format.js';
import { useTimeZone } from './zone.js';

/** The one place a screen names the zone its times are in (issue 16, docs/decisions.md): a small line under the tabs. */
export function TimeZoneNote() {
  const { t } = useTranslation();
  const zone = useTimeZone();
  return (
    <Typography.Text
      type="secondary"
      data-testid="time-zone-note"
      style={{ display: 'block', fontSize: 12, textAlign: 'right', marginBottom: 8 }}
    >
      <ClockCircleOutlined aria-hidden /> {t('time.zoneNote', { zone: zoneName(zone) })}
    </Typography.Text>
  );
}
