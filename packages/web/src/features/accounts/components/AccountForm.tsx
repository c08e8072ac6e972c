import {
  type AccountLevel,
  type AccountRecord,
  type AccountUpdateBody,
  type Language,
  levelOrgKind,
  levelRole,
  type RegisterBody,
} from '@safety-shield/contract';
import { App, Button, Card, Col, Descriptions, Flex, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountRules } from '../../../shared/forms/account-rules.js';
import { FutureTimePicker } from '../../../shared/forms/FutureTimePicker.js';
import { browserTimeZone, ProfileFields, type ProfileValues, profileBody } from '../../../shared/forms/ProfileFields.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useSelfInfo } from '../../auth/index.js';
import { OrgPicker } from '../../orgs/index.js';
import { useRegisterAccount, useUpdateAccount } from '../api/save-account.js';
import { levelsFor } from './levels.js';
import { organisationPath } from './organisation-path.js';

interface AccountFormValues extends ProfileValues {
  level?: AccountLevel;
  orgId?: number;
  username?: string;
  password?: string;
  rePassword?: string;
  expireTime?: Dayjs | null;
}

/** The add and edit form of an account; `account` given means edit (credentials, level and organisation stay). */
export function AccountForm({ account }: { account?: AccountRecord }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const [form] = Form.useForm<AccountFormValues>();
  const role = useSelfInfo().data?.baseInfo.role;
  const register = useRegisterAccount();
  const update = useUpdateAccount();
  const rules = accountRules(t);
  const levels = levelsFor(role);
  const level = Form.useWatch('level', form);
  const orgKind = level ? levelOrgKind[level] : null;

  const initialValues: AccountFormValues = account
    ? {
        realName: account.realName ?? undefined,
        phone: account.phone ?? undefined,
        fixedTel: account.fixedTel ?? undefined,
        email: account.email ?? undefined,
        language: (account.language as Language | null) ?? undefined,
        timeZone: account.timeZone ?? undefined,
        address: account.address ?? undefined,
        expireTime: account.expireTime ? dayjs(account.expireTime) : null,
      }
    : { level: levels[0], language: i18n.language as Language, timeZone: browserTimeZone() };

  const save = async (values: AccountFormValues) => {
    const profile = profileBody(values);
    // null: the account never expires (an edit clears an expiry date this way).
    const expireTime = values.expireTime ? values.expireTime.valueOf() : null;
    const saved = await attempt(async () => {
      if (account) {
        await update.mutateAsync({ uid: account.uid, ...profile, expireTime } satisfies AccountUpdateBody);
      } else if (values.level) {
        const body: RegisterBody = {
          username: values.username?.trim() ?? '',
          password: values.password ?? '',
          rePassword: values.rePassword ?? '',
          ...(orgKind ? { orgId: values.orgId } : {}),
          ...profile,
          expireTime,
        };
        await register.mutateAsync({ level: values.level, body });
      }
    }, t('list.saved'));
    if (!saved) return;
    // The add page stays alive in the tab bar's cache: the next account starts from an empty form.
    if (!account) form.resetFields();
    await navigate('/account/list');
  };

  // SPEC section 5: an expiry date may lock the account out, so saving one asks first.
  const submit = (values: AccountFormValues) => {
    if (!values.expireTime) return void save(values);
    modal.confirm({
      title: t('account.expiryConfirmTitle'),
      content: t('account.expiryConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => save(values),
    });
  };

  return (
    <Card title={t(account ? 'route.accountEdit' : 'route.accountAdd')} style={{ maxWidth: 960 }}>
      <Form<AccountFormValues>
        form={form}
        name="account"
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        data-testid="account-form"
        scrollToFirstError
      >
        <Row gutter={16}>
          {account ? (
            <Col xs={24}>
              <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} style={{ marginBottom: 24 }}>
                <Descriptions.Item label={t('account.username')}>{account.username}</Descriptions.Item>
                <Descriptions.Item label={t('account.role')}>{t(`roles.${account.role}`)}</Descriptions.Item>
                <Descriptions.Item label={t('account.organisation')}>{organisationPath(account) || '—'}</Descriptions.Item>
              </Descriptions>
            </Col>
          ) : (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="level" label={t('account.level')} rules={[{ required: true, message: t('account.levelRequired') }]}>
                  <Select
                    data-testid="account-level"
                    options={levels.map((value) => ({ value, label: t(`roles.${levelRole[value]}`) }))}
                    onChange={() => form.setFieldValue('orgId', undefined)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                {orgKind && (
                  <Form.Item name="orgId" label={t(`org.kind.${orgKind}`)} rules={[{ required: true, message: t(`org.pick.${orgKind}`) }]}>
                    <OrgPicker key={orgKind} kind={orgKind} style={{ width: '100%' }} data-testid="account-org" />
                  </Form.Item>
                )}
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="username"
                  label={t('account.username')}
                  rules={rules.username(form)}
                  extra={t('validation.usernameHint')}
                  dependencies={['phone', 'email']}
                >
                  <Input maxLength={32} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} />
              <Col xs={24} md={12}>
                <Form.Item
                  name="password"
                  label={t('account.password')}
                  rules={rules.password(form)}
                  extra={t('validation.passwordHint')}
                  dependencies={['phone', 'email']}
                >
                  <Input.Password maxLength={64} autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="rePassword" label={t('account.rePassword')} rules={rules.repeat()} dependencies={['password']}>
                  <Input.Password maxLength={64} autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
          )}
          <ProfileFields form={form} />
          <Col xs={24} md={12}>
            <Form.Item name="expireTime" label={t('account.expireTime')} extra={t('account.expireHint')}>
              <FutureTimePicker />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={register.isPending || update.isPending}>
            {t('common.save')}
          </Button>
          <Button onClick={() => void navigate('/account/list')}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
    </Card>
  );
}
