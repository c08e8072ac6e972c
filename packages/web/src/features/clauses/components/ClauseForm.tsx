import {
  type ClauseCreateBody,
  type ClausePlace,
  type ClauseRecord,
  type ClauseUpdateBody,
  clausePlaces,
  pathTo,
} from '@safety-shield/contract';
import { Alert, Card, Col, Form, Input, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChoiceButtons } from '../../../shared/forms/ChoiceButtons.js';
import { maxLength, requiredText, valueRule } from '../../../shared/forms/rules.js';
import { SaveOrCancel } from '../../../shared/forms/SaveOrCancel.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useSaveClause } from '../api/save-clause.js';
import { ClauseContent } from './ClauseContent.js';
import { type SafeNode, sanitizeClauseTree } from './sanitize.js';

interface ClauseFormValues {
  title: string;
  placeType: ClausePlace;
  mustCheck: boolean;
  content: string;
}

/** The contract's limits on a clause. */
const TITLE_MAX = 128;
const CONTENT_MAX = 200_000;

const hasText = (nodes: readonly SafeNode[]): boolean =>
  nodes.some((node) => (typeof node === 'string' ? node.trim() !== '' : hasText(node.children)));

/** Writes a new clause, or (given one) publishes its next version. */
export function ClauseForm({ clause }: { clause?: ClauseRecord }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const [form] = Form.useForm<ClauseFormValues>();
  const save = useSaveClause();
  const content = Form.useWatch('content', form) ?? clause?.content ?? '';

  const submit = async (values: ClauseFormValues) => {
    const fields = { title: values.title.trim(), placeType: values.placeType, mustCheck: values.mustCheck, content: values.content };
    const body: ClauseCreateBody | ClauseUpdateBody = clause ? { clauseId: clause.clauseId, ...fields } : fields;
    if (await attempt(() => save.mutateAsync(body), t(clause ? 'clauses.published' : 'list.saved'))) await navigate(pathTo('ClauseList'));
  };

  return (
    <Card title={t(clause ? 'route.clauseEdit' : 'route.clauseAdd')}>
      {clause && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('clauses.newVersionTitle', { version: clause.version + 1 })}
          description={t('clauses.newVersionHint')}
          data-testid="clause-new-version"
        />
      )}
      <Form<ClauseFormValues>
        form={form}
        name="clause"
        layout="vertical"
        onFinish={submit}
        data-testid="clause-form"
        requiredMark
        initialValues={
          clause
            ? { title: clause.title, placeType: clause.placeType, mustCheck: clause.mustCheck, content: clause.content }
            : { placeType: 'self', mustCheck: false, content: '' }
        }
      >
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item name="title" label={t('clauses.title')} rules={[requiredText(t('clauses.titleRequired')), maxLength(t, TITLE_MAX)]}>
              <Input maxLength={TITLE_MAX} showCount autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="placeType" label={t('clauses.placeLabel')} extra={t('clauses.placeHint')} rules={[{ required: true }]}>
              <ChoiceButtons values={clausePlaces} textKey="clauses.place" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="mustCheck" label={t('clauses.mustCheck')} valuePropName="checked" extra={t('clauses.mustCheckHint')}>
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="content"
              label={t('clauses.content')}
              extra={t('clauses.contentHint')}
              rules={[
                { required: true, message: t('clauses.contentRequired') },
                maxLength(t, CONTENT_MAX),
                valueRule((value: string | undefined) => !value || hasText(sanitizeClauseTree(value)), t('clauses.contentEmpty')),
              ]}
            >
              <Input.TextArea rows={16} maxLength={CONTENT_MAX} spellCheck={false} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Text strong>{t('clauses.preview')}</Typography.Text>
            <div style={{ marginTop: 8 }} data-testid="clause-preview">
              {content.trim() ? (
                <ClauseContent html={content} className="clause-content-preview" />
              ) : (
                <Typography.Paragraph type="secondary" className="clause-content-preview">
                  {t('clauses.previewEmpty')}
                </Typography.Paragraph>
              )}
            </div>
          </Col>
        </Row>
        <SaveOrCancel pending={save.isPending} backTo={pathTo('ClauseList')} saveText={clause ? t('clauses.publish') : undefined} />
      </Form>
    </Card>
  );
}
