import { type IncidentType, incidentTypes } from '@safety-shield/contract';
import { DatePicker, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { labelledRangePresets, severalChoices, tagOptions } from '../../../shared/ui/incident-filters.js';
import { useMapTagOptions } from '../api/get-tag-options.js';

export interface MapFilters {
  range: [Dayjs, Dayjs];
  type: IncidentType[];
  tagId: number[];
}

const MAX_SPAN_DAYS = 92;

/** The time range (at most 92 days: later or earlier days are disabled once one end is picked), types and tags. */
export function IncidentMapFilters({ value, onChange }: { value: MapFilters; onChange: (next: MapFilters) => void }) {
  const { t } = useTranslation();
  const tags = useMapTagOptions();
  // The type and tag pickers differ only in what they pick.
  const picker = (kind: 'type' | 'tag', width: number, placeholder: string) => ({
    ...severalChoices,
    allowClear: true,
    style: { width },
    placeholder,
    'aria-label': t(`eventMap.filter.${kind}`),
    'data-testid': `event-map-${kind}`,
  });
  return (
    <Space wrap data-testid="event-map-filters">
      {/* The picker does not pass a test id on: its wrapper carries it. */}
      <span data-testid="event-map-range">
        <DatePicker.RangePicker
          value={value.range}
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          aria-label={t('eventMap.filter.time')}
          presets={labelledRangePresets(t, 'eventMap.filter')}
          disabledDate={(current, info) => Boolean(info?.from && Math.abs(current.diff(info.from, 'day', true)) > MAX_SPAN_DAYS)}
          onChange={(range) => {
            if (range?.[0] && range[1]) onChange({ ...value, range: [range[0], range[1]] });
          }}
        />
      </span>
      <Select<IncidentType[]>
        {...picker('type', 220, t('eventMap.filter.allTypes'))}
        value={value.type}
        onChange={(type) => onChange({ ...value, type })}
        options={incidentTypes.map((type) => ({ value: type, label: t(`events.types.${type}`) }))}
      />
      <Select<number[]>
        {...picker('tag', 200, t('eventMap.filter.allTags'))}
        loading={tags.isPending}
        value={value.tagId}
        onChange={(tagId) => onChange({ ...value, tagId })}
        options={tagOptions(tags.data, t)}
      />
    </Space>
  );
}
