import type { TagRecord } from '@safety-shield/contract';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredText } from '../../../shared/forms/rules.js';
import { ApiError } from '../../../shared/http/client.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { useSaveTag } from '../api/save-tag.js';

interface Props {
  open: boolean;
  /** The tag renamed; none: a new tag. */
  tag?: TagRecord | undefined;
  /** The company of a new tag (a Super Admin's choice; a Company Admin's own when absent). */
  companyId?: number | undefined;
  onClose(): void;
}

/** Adds a tag or renames one; a name already taken is shown on the field. */
export function TagNameDialog({ open, tag, companyId, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ tagName: string }>();
  const save = useSaveTag();
  const submit = async ({ tagName }: { tagName: string }) => {
    try {
      await save.mutateAsync(
        tag ? { id: tag.tagId, tagName: tagName.trim() } : { ...(companyId ? { companyId } : {}), tagName: tagName.trim() },
      );
      message.success(t('events.tagPage.saved'));
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? (error.data as { field?: string } | null)?.field : undefined;
      if (field === 'tagName') form.setFields([{ name: 'tagName', errors: [error instanceof Error ? error.message : ''] }]);
    }
  };
  return (
    <FormDialog
      open={open}
      title={tag ? t('events.tagPage.rename') : t('events.tagPage.add')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => visible && form.setFieldsValue({ tagName: tag?.tagName ?? '' })}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="tag-form">
        <Form.Item name="tagName" label={t('events.tagPage.name')} rules={[requiredText(t('events.tagPage.nameRequired')), { max: 32 }]}>
          <Input maxLength={32} autoFocus />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
