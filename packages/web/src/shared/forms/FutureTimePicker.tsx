import type { ComponentProps } from 'react';
import { ZonedDatePicker } from '../time/ZonedPickers.js';
import { DATE_TIME_FORMAT } from '../ui/format.js';

/** A date and time from today on (an account's expiry, a lease's end), as wide as its form; Form.Item passes value and onChange. */
export function FutureTimePicker(props: ComponentProps<typeof ZonedDatePicker>) {
  return (
    <ZonedDatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} disabledDay={(day) => day.end < Date.now()} {...props} />
  );
}
