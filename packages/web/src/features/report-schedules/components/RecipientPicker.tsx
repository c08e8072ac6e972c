import type { ReportRecipient } from '@safety-shield/contract';
import type { TFunction } from 'i18next';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { type Picked, SearchMultiPicker, type SearchOptions } from '../../../shared/ui/SearchMultiPicker.js';
import { useRecipientOptions } from '../api/report-schedules.js';
import { reasonText } from './RecipientProblems.js';

export type PickedRecipient = Picked;

/** An account as the picker names it: username, real name and role, and when it cannot receive, why. */
export function recipientLabel(recipient: ReportRecipient, t: TFunction): string {
  const label = [recipient.username, recipient.realName, t(`roles.${recipient.role}`)].filter(Boolean).join(' · ');
  return recipient.cannotReceive ? `${label} (${reasonText(t, recipient.cannotReceive)})` : label;
}

interface Props {
  value?: PickedRecipient[];
  onChange?: (recipients: PickedRecipient[]) => void;
  id?: string;
}

/** Accounts of the caller's scope that read statistics, found by username or name as one types; the chosen keep their names. */
export function RecipientPicker(props: Props) {
  const { t } = useTranslation();
  const useOptions = (keyword: string): SearchOptions => {
    const search = useDeferredValue(keyword);
    const { data, isFetching } = useRecipientOptions(search);
    return {
      options: (data ?? []).map((recipient) => ({ value: recipient.accountId, label: recipientLabel(recipient, t) })),
      loading: isFetching,
    };
  };
  return (
    <SearchMultiPicker
      {...props}
      useOptions={useOptions}
      placeholder={t('reportSchedules.form.recipientsPlaceholder')}
      nothing={t('reportSchedules.form.noAccounts')}
      testId="report-schedule-recipients"
    />
  );
}
