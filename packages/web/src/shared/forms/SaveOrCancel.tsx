import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface Props {
  /** The save is under way: the button spins. */
  pending: boolean;
  /** Where Cancel goes: the page's list. */
  backTo: string;
  /** The submit's text: 'Save' unless named otherwise. */
  saveText?: string;
}

/** The buttons under an add or edit page's form: the submit, and Cancel back to the list. */
export function SaveOrCancel({ pending, backTo, saveText }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex gap={8}>
      <Button type="primary" htmlType="submit" loading={pending}>
        {saveText ?? t('common.save')}
      </Button>
      <Button onClick={() => void navigate(backTo)}>{t('common.cancel')}</Button>
    </Flex>
  );
}
