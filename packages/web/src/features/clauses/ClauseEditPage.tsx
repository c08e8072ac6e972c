import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/http/client.js';
import { numberFilter } from '../../shared/ui/list/index.js';
import { useClause } from './api/get-clauses.js';
import { ClauseForm } from './components/ClauseForm.js';

/** /clause/add */
export function ClauseAddPage() {
  return <ClauseForm />;
}

/** /clause/edit?clauseId= : saving publishes a new version that everyone is asked to accept again. */
export function ClauseEditPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const clauseId = numberFilter(search.get('clauseId') ?? undefined);
  const { data: clause, isPending, error, refetch } = useClause(clauseId);
  if (clauseId !== undefined && isPending) return <Skeleton active />;
  // A retired version (someone published a newer one) is not found; anything else may pass on a retry.
  const retired = error instanceof ApiError && error.codeKey === 'CLAUSE_NOT_EXIST';
  if (error && !retired)
    return (
      <Result status="error" title={t('list.loadError')} extra={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>} />
    );
  if (!clause)
    return (
      <Result
        status="404"
        title={t('clauses.notFound')}
        extra={
          <Link to="/clause/list">
            <Button type="primary">{t('route.terms')}</Button>
          </Link>
        }
      />
    );
  // A new key per version: the form starts from that version's values.
  return <ClauseForm key={clause.clauseId} clause={clause} />;
}
