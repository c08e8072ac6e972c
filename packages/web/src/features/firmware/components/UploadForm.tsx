import { CheckCircleFilled, CloseOutlined, CloudUploadOutlined, InboxOutlined } from '@ant-design/icons';
import { FIRMWARE_MAX_BYTES, FIRMWARE_VERSION_PATTERN, type FirmwarePackage } from '@safety-shield/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Flex, Form, Input, Progress, Row, Select, Typography, theme, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { valueRule } from '../../../shared/forms/rules.js';
import { ApiError } from '../../../shared/http/client.js';
import { measureText, sizeText } from '../../../shared/ui/format.js';
import { PACKAGES_KEY } from '../api/packages.js';
import { type UploadProgress, uploadPackage } from '../api/upload-package.js';
import { campaignFormPath } from './paths.js';
import { Sha } from './Sha.js';

interface UploadValues {
  version: string;
  models?: string[];
  notes?: string;
}

const VERSION = new RegExp(FIRMWARE_VERSION_PATTERN);
/** A model as devices report it: printable ASCII without spaces (the contract's DeviceModel). */
const MODEL = /^[\x21-\x7e]{1,64}$/;
const MAX_MODELS_TEXT = 1000;
const MAX_NOTES = 4000;

/** The file's problem, if it has one: the portal takes 1 byte to FIRMWARE_MAX_BYTES. */
function fileProblem(file: File | undefined, t: (key: string, values?: Record<string, unknown>) => string): string | undefined {
  if (!file) return t('firmware.upload.noFile');
  if (file.size === 0) return t('firmware.upload.emptyFile');
  if (file.size > FIRMWARE_MAX_BYTES)
    return t('firmware.upload.tooLarge', { size: sizeText(file.size), max: sizeText(FIRMWARE_MAX_BYTES) });
  return undefined;
}

/**
 * The upload of a firmware package: version, the models it fits, release notes and the file, sent with its progress
 * shown (a package can be hundreds of MB); once stored, its SHA-256 and size as the server computed them.
 */
export function UploadForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UploadValues>();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [progress, setProgress] = useState<UploadProgress>();
  const [uploaded, setUploaded] = useState<FirmwarePackage>();
  const abort = useRef<AbortController>(undefined);
  // Leaving the page stops an upload under way.
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (chosen: File) => {
    setFile(chosen);
    const problem = fileProblem(chosen, t);
    setFileError(problem);
    return false; // kept here: the form sends it with the fields
  };

  const submit = async (values: UploadValues) => {
    const problem = fileProblem(file, t);
    if (problem || !file) return setFileError(problem);
    const controller = new AbortController();
    abort.current = controller;
    setUploaded(undefined);
    setProgress({ loaded: 0, total: file.size });
    try {
      const made = await uploadPackage(
        { version: values.version.trim(), models: values.models?.join(',') || undefined, notes: values.notes?.trim() || undefined },
        file,
        setProgress,
        controller.signal,
      );
      setUploaded(made);
      form.resetFields();
      setFile(undefined);
      message.success(t('firmware.upload.done', { version: made.version }));
      void queryClient.invalidateQueries({ queryKey: PACKAGES_KEY });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') message.info(t('firmware.upload.cancelled'));
      else if (error instanceof ApiError && error.codeKey === 'PARAM_CHECK_FAIL') {
        // The client checks the version's form; what the server still refuses is a version the library holds.
        const field = (error.data as { field?: string } | null)?.field;
        if (field === 'version') form.setFields([{ name: 'version', errors: [t('firmware.upload.versionTaken')] }]);
        if (field === 'models') form.setFields([{ name: 'models', errors: [t('firmware.upload.modelsInvalid')] }]);
        if (field === 'file') setFileError(t('firmware.upload.fileRefused'));
      } else if (error instanceof ApiError && error.codeKey === 'UPLOAD_FILE_FAIL') setFileError(t('firmware.upload.fileRefused'));
    } finally {
      setProgress(undefined);
      abort.current = undefined;
    }
  };

  const uploading = progress !== undefined;
  const percent = progress && progress.total > 0 ? Math.floor((progress.loaded / progress.total) * 100) : 0;

  return (
    <Card size="small" title={t('firmware.upload.title')} data-testid="firmware-upload">
      <Form<UploadValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} disabled={uploading} requiredMark>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="version"
              label={t('firmware.version')}
              extra={t('firmware.upload.versionHint')}
              rules={[
                { required: true, whitespace: true, message: t('firmware.upload.versionRequired') },
                { max: 64, message: t('firmware.upload.versionInvalid') },
                valueRule((value: string | undefined) => !value?.trim() || VERSION.test(value.trim()), t('firmware.upload.versionInvalid')),
              ]}
            >
              <Input placeholder="2.4.1" autoComplete="off" data-testid="firmware-version" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="models"
              label={t('firmware.models')}
              extra={t('firmware.upload.modelsHint')}
              rules={[
                valueRule(
                  (value: string[] | undefined) =>
                    (value ?? []).every((model) => MODEL.test(model)) && (value ?? []).join(',').length <= MAX_MODELS_TEXT,
                  t('firmware.upload.modelsInvalid'),
                ),
              ]}
            >
              <Select
                mode="tags"
                tokenSeparators={[',', ' ']}
                suffixIcon={null}
                notFoundContent={null}
                placeholder={t('firmware.upload.modelsPlaceholder')}
                aria-label={t('firmware.models')}
                data-testid="firmware-models"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="notes" label={t('firmware.notes')}>
          <Input.TextArea rows={3} maxLength={MAX_NOTES} showCount placeholder={t('firmware.upload.notesPlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('firmware.upload.file')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError}
          extra={t('firmware.upload.fileHint', { max: sizeText(FIRMWARE_MAX_BYTES) })}
        >
          <div data-testid="firmware-file">
            <Upload.Dragger beforeUpload={choose} showUploadList={false} maxCount={1} multiple={false} disabled={uploading}>
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{file ? file.name : t('firmware.upload.drop')}</p>
              <p className="ant-upload-hint" data-testid="firmware-file-facts">
                {file ? sizeText(file.size) : t('firmware.upload.dropHint')}
              </p>
            </Upload.Dragger>
          </div>
        </Form.Item>
      </Form>
      {uploading && (
        <Flex vertical gap={4} style={{ marginBottom: 16 }} data-testid="firmware-upload-progress">
          <Progress percent={percent} status="active" aria-label={t('firmware.upload.progressLabel')} />
          <Typography.Text type="secondary" role="status">
            {t('firmware.upload.sent', { sent: sizeText(progress.loaded), total: sizeText(progress.total) })}
          </Typography.Text>
        </Flex>
      )}
      {/* Outside the form, which is disabled while sending: the cancel stays usable. */}
      <Flex gap={8} wrap>
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          loading={uploading}
          onClick={() => form.submit()}
          data-testid="firmware-upload-submit"
        >
          {t('firmware.upload.submit')}
        </Button>
        {uploading && (
          <Button onClick={() => abort.current?.abort()} data-testid="firmware-upload-cancel">
            {t('firmware.upload.cancel')}
          </Button>
        )}
      </Flex>
      {uploaded && (
        <Card
          size="small"
          type="inner"
          style={{ marginTop: 16 }}
          data-testid="firmware-uploaded"
          title={
            <Flex gap={8} align="center" role="status">
              <CheckCircleFilled style={{ color: token.colorSuccess }} />
              <span style={{ whiteSpace: 'normal' }}>{t('firmware.upload.stored', { version: uploaded.version })}</span>
            </Flex>
          }
          extra={
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('firmware.upload.dismiss')}
              onClick={() => setUploaded(undefined)}
            />
          }
        >
          <Descriptions size="small" column={1}>
            <Descriptions.Item
              label={t('firmware.size')}
            >{`${sizeText(uploaded.size)} (${measureText(uploaded.size, 'byte', 0)})`}</Descriptions.Item>
            <Descriptions.Item label="SHA-256">
              <Sha value={uploaded.sha256} whole />
            </Descriptions.Item>
          </Descriptions>
          <Link to={campaignFormPath(uploaded.id)}>{t('firmware.startCampaign')}</Link>
        </Card>
      )}
    </Card>
  );
}
