import { SearchOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ZonedRangePicker } from '../../../../shared/time/ZonedPickers.js';
import { DATE_TIME_FORMAT } from '../../../../shared/ui/format.js';
import { presetRange, trailPresets, trailRangeProblem } from './trail-range.js';

type Range = [Dayjs | null, Dayjs | null] | null;

interface Props {
  initial: [number, number];
  loading: boolean;
  onQuery(startTime: number, endTime: number): void;
}

/** The trail's time range: presets (today, yesterday, last 24 h) or any range up to 7 days. */
export function TrailRangeForm({ initial, loading, onQuery }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ range: Range }>();
  // Presets are worked out when chosen, so "today" ends now, not when the page was loaded.
  const presets = trailPresets.map((preset) => ({
    label: t(`vehicles.trail.preset.${preset}`),
    value: () => presetRange(preset, Date.now()),
  }));
  return (
    <Form<{ range: Range }>
      form={form}
      name="trail-range"
      layout="inline"
      className="filter-bar"
      initialValues={{ range: [dayjs(initial[0]), dayjs(initial[1])] }}
      onFinish={({ range }) => {
        const [start, end] = range ?? [];
        if (start && end) onQuery(start.valueOf(), end.valueOf());
      }}
      data-testid="trail-range"
    >
      <Form.Item
        name="range"
        label={t('vehicles.trail.range')}
        rules={[
          {
            validator: (_, range: Range) => {
              const [start, end] = range ?? [];
              const problem = trailRangeProblem(start?.valueOf(), end?.valueOf());
              return problem ? Promise.reject(new Error(t(`vehicles.trail.problem.${problem}`))) : Promise.resolve();
            },
          },
        ]}
      >
        <ZonedRangePicker
          showTime={{ format: 'HH:mm' }}
          format={DATE_TIME_FORMAT.replace(':ss', '')}
          presets={presets}
          disabledDay={(day) => day.start > Date.now()}
          allowClear={false}
          placeholder={[t('vehicles.trail.from'), t('vehicles.trail.to')]}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
          {t('vehicles.trail.query')}
        </Button>
      </Form.Item>
    </Form>
  );
}
