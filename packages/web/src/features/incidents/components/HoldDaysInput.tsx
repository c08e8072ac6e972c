import { HOLD_DAYS_MAX, type TagRecord } from '@safety-shield/contract';
import { App, InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetTagSetting } from '../api/set-tag-setting.js';

/** A tag's hold days edited in place (1..3650), saved on Enter or when the field is left. */
export function HoldDaysInput({ tag, disabled }: { tag: TagRecord; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [value, setValue] = useState<number | null>(tag.holdDays);
  const save = useSetTagSetting();
  useEffect(() => setValue(tag.holdDays), [tag.holdDays]);
  const commit = async () => {
    if (value === null || !Number.isInteger(value) || value < 1 || value > HOLD_DAYS_MAX) return setValue(tag.holdDays);
    if (value === tag.holdDays) return;
    try {
      await save.mutateAsync({ tagId: tag.tagId, holdDays: value });
      message.success(t('list.saved'));
    } catch {
      setValue(tag.holdDays);
    }
  };
  return (
    <InputNumber
      size="small"
      min={1}
      max={HOLD_DAYS_MAX}
      precision={0}
      value={value}
      disabled={disabled || save.isPending}
      onChange={setValue}
      onBlur={() => void commit()}
      onPressEnter={() => void commit()}
      aria-label={t('events.tagPage.holdDays')}
      style={{ width: 100 }}
      data-testid="hold-days"
    />
  );
}
