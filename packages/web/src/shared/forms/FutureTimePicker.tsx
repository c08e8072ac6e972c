import { DatePicker, type DatePickerProps } from 'antd';
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '../ui/format.js';

/** A date and time from today on (an account's expiry, a lease's end), as wide as its form; Form.Item passes value and onChange. */
export function FutureTimePicker(props: DatePickerProps) {
  return (
    <DatePicker
      showTime
      format={DATE_TIME_FORMAT}
      style={{ width: '100%' }}
      disabledDate={(date) => date.isBefore(dayjs().startOf('day'))}
      {...props}
    />
  );
}
