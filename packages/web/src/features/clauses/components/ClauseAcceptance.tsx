import type { ClausePlace, PendingClause } from '@safety-shield/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '../../../shared/ui/format.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { pendingClausesQuery, useAnswerClause, usePendingClauses } from '../api/pending-clauses.js';
import { ClauseContent } from './ClauseContent.js';

interface ClauseAcceptanceProps {
  /** Own clauses (the profile) or the company's (the company setting). */
  placeType: ClausePlace;
  /** Called after an answer leaves no must-check clause of this place waiting. */
  onAllAgreed?: () => void;
}

const mustCheckWaiting = (pending: readonly PendingClause[] | undefined, placeType: ClausePlace) =>
  (pending ?? []).some((item) => item.placeType === placeType && item.clause.mustCheck);

/** The clauses waiting for the caller at one place, each with Agree and Cancel (SPEC section 5: mandatory terms come first). */
export function ClauseAcceptance({ placeType, onAllAgreed }: ClauseAcceptanceProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = usePendingClauses();
  const answer = useAnswerClause();
  const [answering, setAnswering] = useState<number>();

  const send = async (item: PendingClause, state: 'agreed' | 'cancelled') => {
    setAnswering(item.clause.clauseId);
    try {
      // The log keeps the time as the user saw it on their own clock.
      await answer.mutateAsync({ clauseId: item.clause.clauseId, state, localTime: dayjs().format(DATE_TIME_FORMAT) });
    } catch {
      return; // the HTTP layer has shown the server's reason
    } finally {
      setAnswering(undefined);
    }
    message.success(t(state === 'agreed' ? 'clauses.accept.agreedDone' : 'clauses.accept.cancelledDone'));
    // The mutation waited for the pending list to be read again.
    if (!mustCheckWaiting(queryClient.getQueryData(pendingClausesQuery().queryKey), placeType)) onAllAgreed?.();
  };

  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <LoadError title={t('clauses.accept.loadError')} onRetry={() => void query.refetch()} />;

  const items = query.data.filter((item) => item.placeType === placeType);
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('clauses.accept.nothing')} data-testid="clause-acceptance-empty" />;

  return (
    <Flex vertical gap={16} data-testid="clause-acceptance">
      {items.map((item) => {
        const { clause } = item;
        const busy = answering === clause.clauseId;
        return (
          <Card
            key={clause.clauseId}
            size="small"
            data-testid={`pending-clause-${clause.clauseId}`}
            title={
              <Space wrap>
                <span>{clause.title}</span>
                <Tag>{t('clauses.versionN', { version: clause.version })}</Tag>
                {clause.mustCheck && <Tag color="red">{t('clauses.mustCheck')}</Tag>}
                {item.state === 'cancelled' && <Tag color="warning">{t('clauses.state.cancelled')}</Tag>}
              </Space>
            }
          >
            <ClauseContent html={clause.content} />
            {item.state === 'cancelled' && clause.mustCheck && (
              <Typography.Paragraph type="warning" style={{ marginTop: 12, marginBottom: 0 }}>
                {t('clauses.accept.stillBlocked')}
              </Typography.Paragraph>
            )}
            <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
              {clause.mustCheck ? (
                <Popconfirm
                  title={t('clauses.accept.cancelTitle')}
                  description={t('clauses.accept.cancelMustCheck')}
                  okText={t('clauses.accept.cancelAnyway')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('clauses.accept.back')}
                  onConfirm={() => send(item, 'cancelled')}
                >
                  <Button disabled={busy || item.state === 'cancelled'}>{t('clauses.accept.cancel')}</Button>
                </Popconfirm>
              ) : (
                <Button disabled={busy || item.state === 'cancelled'} onClick={() => void send(item, 'cancelled')}>
                  {t('clauses.accept.cancel')}
                </Button>
              )}
              <Button type="primary" loading={busy} onClick={() => void send(item, 'agreed')}>
                {t('clauses.accept.agree')}
              </Button>
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}
