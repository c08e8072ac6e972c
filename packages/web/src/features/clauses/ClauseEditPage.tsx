import { pathTo } from '@safety-shield/contract';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIdParam } from '../../shared/hooks/use-id-param.js';
import { ApiError } from '../../shared/http/client.js';
import { LoadFailedResult, NotFoundResult } from '../../shared/ui/results.js';
import { useClause } from './api/get-clauses.js';
import { ClauseForm } from './components/ClauseForm.js';

/** /clause/add */
export function ClauseAddPage() {
  return <ClauseForm />;
}

/** /clause/edit?clauseId= : saving publishes a new version that everyone is asked to accept again. */
export function ClauseEditPage() {
  const { t } = useTranslation();
  const clauseId = useIdParam('clauseId');
  const { data: clause, isPending, error, refetch } = useClause(clauseId);
  if (clauseId !== undefined && isPending) return <Skeleton active />;
  // A retired version (someone published a newer one) is not found; anything else may pass on a retry.
  const retired = error instanceof ApiError && error.codeKey === 'CLAUSE_NOT_EXIST';
  if (error && !retired) return <LoadFailedResult onRetry={() => void refetch()} />;
  if (!clause) return <NotFoundResult title={t('clauses.notFound')} to={pathTo('ClauseList')} back={t('route.terms')} />;
  // A new key per version: the form starts from that version's values.
  return <ClauseForm key={clause.clauseId} clause={clause} />;
}
