import { WarningOutlined } from '@ant-design/icons';
import {
  pathTo,
  type RecipientProblem,
  type ReportDeliveryReason,
  type ReportRecipient,
  type Role,
  roleRank,
} from '@safety-shield/contract';
import { Alert, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelfInfo } from '../../auth/index.js';

/** Why a recipient got, or would get, nothing, in the reader's words. */
export const reasonText = (t: TFunction, reason: ReportDeliveryReason) => t(`reportSchedules.reason.${reason}`);

/** An account by the name a person knows it by: its real name with its username, or the username alone. */
export const recipientName = (recipient: { username: string; realName: string | null }) =>
  recipient.realName?.trim() ? `${recipient.realName.trim()} (${recipient.username})` : recipient.username;

interface Caller {
  username: string;
  role: Role;
}

/**
 * Where a recipient's problem is fixed: one's own address on one's profile, an account one manages on its page (an
 * admin manages the accounts further down its chain); otherwise who can fix it.
 */
function Fix({ recipient, problem, caller }: { recipient: ReportRecipient; problem: RecipientProblem; caller: Caller }) {
  const { t } = useTranslation();
  const own = recipient.username === caller.username;
  const manages = roleRank[recipient.role] > roleRank[caller.role];
  if (problem === 'UNSUBSCRIBED') return <Typography.Text type="secondary">{t('reportSchedules.fix.onlyThem')}</Typography.Text>;
  if (own && problem === 'NO_EMAIL') return <Link to={pathTo('Self')}>{t('reportSchedules.fix.ownEmail')}</Link>;
  if (manages)
    return (
      <Link to={pathTo('AccountEdit', { query: { uid: recipient.accountId } })}>
        {t(problem === 'NO_EMAIL' ? 'reportSchedules.fix.email' : 'reportSchedules.fix.account')}
      </Link>
    );
  return <Typography.Text type="secondary">{t('reportSchedules.fix.askAdmin')}</Typography.Text>;
}

/** The chosen recipients who cannot receive the report, each with why and where to fix it; nothing when all can. */
export function RecipientProblems({ recipients }: { recipients: ReportRecipient[] }) {
  const { t } = useTranslation();
  const self = useSelfInfo().data?.baseInfo;
  const unreachable = recipients.filter((recipient) => recipient.cannotReceive !== null);
  if (unreachable.length === 0 || !self) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<WarningOutlined />}
      style={{ marginBottom: 24 }}
      data-testid="report-schedule-cannot-receive"
      title={t('reportSchedules.form.cannotReceive')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {unreachable.map((recipient) => (
            <li key={recipient.accountId} data-account={recipient.accountId}>
              {t('reportSchedules.missedLine', {
                name: recipientName(recipient),
                reason: reasonText(t, recipient.cannotReceive ?? 'ACCOUNT_UNAVAILABLE'),
              })}{' '}
              — <Fix recipient={recipient} problem={recipient.cannotReceive ?? 'ACCOUNT_UNAVAILABLE'} caller={self} />
            </li>
          ))}
        </ul>
      }
    />
  );
}
