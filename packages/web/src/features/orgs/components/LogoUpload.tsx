import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { readLogo } from './logo.js';
import './logo.css';

interface LogoUploadProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}

/** A form control for an organisation's logo: a JPG or PNG up to 500 KB, kept as a data: URL. */
export function LogoUpload({ value, onChange, id }: LogoUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const choose = async (file: File) => {
    const result = await readLogo(file);
    if (result.ok) onChange?.(result.dataUrl);
    else message.error(t(result.reason === 'type' ? 'org.logoType' : 'org.logoSize'));
  };
  return (
    <Flex align="center" gap={12}>
      {value && <img src={value} alt={t('org.logo')} className="org-logo-preview" />}
      <Upload
        accept="image/png,image/jpeg"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          void choose(file);
          return false; // read in the browser, never sent on its own
        }}
      >
        <Button id={id} icon={<UploadOutlined />}>
          {value ? t('org.changeLogo') : t('org.uploadLogo')}
        </Button>
      </Upload>
      {value && <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)} aria-label={t('org.removeLogo')} />}
    </Flex>
  );
}
