import { DatePicker, type DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { dayRangeOf, fromPickerValue, toPickerValue } from './picker.js';
import { useTimeZone } from './zone.js';

/**
 * antd's pickers in the display zone (issue 16's one rule). Values in and out are instants (a Dayjs made from epoch
 * ms, as the forms keep them); the picker shows and reads them as the display zone's wall clock.
 */

/** A calendar day of the display zone, as the instants it spans. */
export interface ZoneDay {
  start: number;
  end: number;
}

const dayOf = (wall: Dayjs, zone: string): ZoneDay => {
  const { from, to } = dayRangeOf([wall, wall], zone);
  return { start: from, end: to };
};
/** An instant (epoch ms) as the picker's wall-clock value; read by value, so a new Dayjs of the same instant is no change. */
const toWall = (ms: number | undefined, zone: string) => (ms === undefined ? null : toPickerValue(ms, zone));
const toInstant = (wall: Dayjs | null | undefined, zone: string) => (wall ? dayjs(fromPickerValue(wall, zone)) : null);

type SingleProps = Omit<DatePickerProps, 'value' | 'onChange' | 'disabledDate' | 'defaultValue'> & {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /** Whether a day of the display zone can be picked. */
  disabledDay?: (day: ZoneDay) => boolean;
};

export function ZonedDatePicker({ value, onChange, disabledDay, ...props }: SingleProps) {
  const zone = useTimeZone();
  const ms = value?.valueOf();
  const wall = useMemo(() => toWall(ms, zone), [ms, zone]);
  return (
    <DatePicker
      {...props}
      value={wall}
      onChange={(wall) => onChange?.(Array.isArray(wall) ? null : toInstant(wall, zone))}
      disabledDate={disabledDay && ((wall) => disabledDay(dayOf(wall, zone)))}
    />
  );
}

type Range = [Dayjs | null, Dayjs | null] | null;

type RangeProps = Omit<RangePickerProps, 'value' | 'onChange' | 'disabledDate' | 'defaultValue' | 'presets'> & {
  value?: Range;
  onChange?: (value: Range) => void;
  disabledDay?: (day: ZoneDay) => boolean;
  /** Worked out when chosen ("the last 24 hours" ends then): instants. */
  presets?: { label: string; value: () => [number, number] }[];
};

export function ZonedRangePicker({ value, onChange, disabledDay, presets, ...props }: RangeProps) {
  const zone = useTimeZone();
  // A new array each render would read to antd as a new value and throw away a half-typed range.
  const shape = value === undefined ? 'none' : value === null ? 'empty' : 'range';
  const start = value?.[0]?.valueOf();
  const end = value?.[1]?.valueOf();
  const wall = useMemo<Range | undefined>(() => {
    if (shape === 'none') return undefined;
    return shape === 'empty' ? null : [toWall(start, zone), toWall(end, zone)];
  }, [shape, start, end, zone]);
  return (
    <DatePicker.RangePicker
      {...props}
      value={wall}
      onChange={(wall) => onChange?.(wall ? [toInstant(wall[0], zone), toInstant(wall[1], zone)] : null)}
      disabledDate={disabledDay && ((wall) => disabledDay(dayOf(wall, zone)))}
      presets={presets?.map(({ label, value: range }) => ({
        label,
        value: () => {
          const [start, end] = range();
          return [toPickerValue(start, zone), toPickerValue(end, zone)];
        },
      }))}
    />
  );
}
