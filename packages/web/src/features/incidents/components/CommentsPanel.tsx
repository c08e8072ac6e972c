import { COMMENT_MAX_LENGTH } from '@safety-shield/contract';
import { App, Button, Card, Empty, Flex, Form, Input, List, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { useComments } from '../api/get-comments.js';
import { usePostComment } from '../api/post-comment.js';
import { commentProblem } from './comment-rules.js';

const PAGE_SIZE = 10;

/** An incident's comments, newest first and paged, with a box to add one. */
export function CommentsPanel({ eventId, canWrite }: { eventId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const comments = useComments({ eventId, page, limit: PAGE_SIZE });
  const post = usePostComment();
  const [form] = Form.useForm<{ body: string }>();

  const submit = async ({ body }: { body: string }) => {
    try {
      await post.mutateAsync({ eventId, body: body.trim() });
      form.resetFields();
      setPage(1);
      message.success(t('events.comments.posted'));
    } catch {
      // the HTTP layer has shown the server's reason
    }
  };

  return (
    <Card size="small" title={t('events.comments.title', { count: comments.data?.total ?? 0 })} data-testid="comments">
      <Flex vertical gap={12}>
        {canWrite && (
          <Form form={form} onFinish={(values) => void submit(values)} layout="vertical">
            <Form.Item
              name="body"
              rules={[
                {
                  validator: (_, value: string | undefined) => {
                    const problem = commentProblem(value ?? '');
                    if (problem === 'empty') return Promise.reject(new Error(t('events.comments.required')));
                    if (problem === 'tooLong') return Promise.reject(new Error(t('events.comments.tooLong', { max: COMMENT_MAX_LENGTH })));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <Input.TextArea rows={3} maxLength={COMMENT_MAX_LENGTH} showCount placeholder={t('events.comments.placeholder')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={post.isPending} data-testid="post-comment">
              {t('events.comments.post')}
            </Button>
          </Form>
        )}
        {comments.data && comments.data.total === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('events.comments.none')} />
        ) : (
          <List
            loading={comments.isFetching}
            dataSource={comments.data?.records ?? []}
            rowKey="id"
            renderItem={(comment) => (
              <List.Item>
                <Flex vertical gap={2} style={{ minWidth: 0 }}>
                  <Typography.Text type="secondary">
                    {comment.username} · {formatTime(comment.time)}
                  </Typography.Text>
                  <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {comment.body}
                  </Typography.Paragraph>
                </Flex>
              </List.Item>
            )}
          />
        )}
        {(comments.data?.total ?? 0) > PAGE_SIZE && (
          <Pagination
            size="small"
            current={page}
            pageSize={PAGE_SIZE}
            total={comments.data?.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </Flex>
    </Card>
  );
}
