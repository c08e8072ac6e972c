import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { DISPLAY_PICTURE_MAX_BYTES, type DisplayPicture, displayPictureTypes } from '@safety-shield/contract';
import { Button, Flex, Image, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sizeText } from '../../../shared/ui/format.js';
import { uploadPicture, usePictureLink } from '../api/config.js';

interface Props {
  value?: DisplayPicture;
  onChange?(picture: DisplayPicture): void;
  /** The device whose configurations may name the picture already (to show it); a batch has none. */
  deviceId?: number;
  disabled?: boolean;
}

const typeName = (type: DisplayPicture['contentType']) => (type === 'image/png' ? 'PNG' : 'JPEG');

/**
 * The picture a device shows on its screen: a JPEG or PNG of at most 2 MiB, checked here first (type and size), then
 * uploaded through the link `updatePicture` answers; the form keeps what the configuration names.
 */
export function DisplayPictureField({ value, onChange, deviceId, disabled }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const [uploading, setUploading] = useState(false);
  // A picture chosen here shows from the file itself; one a saved version names, through a signed link.
  const [local, setLocal] = useState<{ id: string; url: string }>();
  useEffect(() => () => (local ? URL.revokeObjectURL(local.url) : undefined), [local]);
  const link = usePictureLink(deviceId, value && value.id !== local?.id ? value.id : undefined);
  const src = value && local?.id === value.id ? local.url : link.data?.url;

  const choose = async (file: File) => {
    setProblem(undefined);
    const type = displayPictureTypes.find((candidate) => candidate === file.type);
    if (!type) return setProblem(t('deviceConfig.pictureType'));
    if (file.size === 0 || file.size > DISPLAY_PICTURE_MAX_BYTES)
      return setProblem(t('deviceConfig.pictureSize', { max: sizeText(DISPLAY_PICTURE_MAX_BYTES) }));
    setUploading(true);
    try {
      const picture = await uploadPicture(file, type);
      setLocal({ id: picture.id, url: URL.createObjectURL(file) });
      onChange?.(picture);
    } catch {
      setProblem(t('deviceConfig.pictureFailed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex gap={16} wrap align="center" data-testid="config-picture">
      <Flex
        align="center"
        justify="center"
        style={{ width: 160, height: 96, border: '1px dashed rgba(128,128,128,0.5)', borderRadius: 6, overflow: 'hidden' }}
      >
        {src ? (
          <Image src={src} alt={t('deviceConfig.pictureAlt')} style={{ maxWidth: 160, maxHeight: 96, objectFit: 'contain' }} />
        ) : (
          <Typography.Text type="secondary">
            <PictureOutlined /> {value ? typeName(value.contentType) : t('deviceConfig.pictureNone')}
          </Typography.Text>
        )}
      </Flex>
      <Flex vertical gap={4}>
        {/*
          The browser's own control stays out of sight and out of the tab order; the button below opens it, by mouse and
          keyboard alike, and names it for screen readers. `hidden` alone does not do: antd's form styles give
          `input[type="file"]` display: block, which wins over the attribute (issue 29: a raw "Choose File" showed).
        */}
        <input
          ref={input}
          type="file"
          accept={displayPictureTypes.join(',')}
          hidden
          style={{ display: 'none' }}
          tabIndex={-1}
          aria-hidden
          aria-label={value ? t('deviceConfig.pictureReplace') : t('deviceConfig.pictureChoose')}
          data-testid="config-picture-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
        <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled} onClick={() => input.current?.click()}>
          {value ? t('deviceConfig.pictureReplace') : t('deviceConfig.pictureChoose')}
        </Button>
        {value && (
          <Typography.Text type="secondary" data-testid="config-picture-facts">
            {t('deviceConfig.pictureLine', { type: typeName(value.contentType), size: sizeText(value.size) })}
          </Typography.Text>
        )}
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
