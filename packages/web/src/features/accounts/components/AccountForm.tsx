import {
  type AccountLevel,
  type AccountRecord,
  type AccountUpdateBody,
  type Language,
  levelOrgKind,
  levelRole,
  pathTo,
  type RegisterBody,
} from '@safety-shield/contract';
import { App, Col, Descriptions, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountRules } from '../../../shared/forms/account-rules.js';
import { FutureTimePicker } from '../../../shared/forms/FutureTimePicker.js';
import { browserTimeZone, ProfileFields, type ProfileValues, profileBody } from '../../../shared/forms/ProfileFields.js';
import { RecordForm } from '../../../shared/forms/RecordForm.js';
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
    await navigate(pathTo('AccountList'));
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

  // Username and password must not share too much with the phone or e-mail: each is checked again when those change.
  const credential = (name: 'username' | 'password', input: ReactNode) => (
    <Col xs={24} md={12}>
      <Form.Item
        name={name}
        label={t(`account.${name}`)}
        rules={rules[name](form)}
        extra={t(`validation.${name}Hint`)}
        dependencies={['phone', 'email']}
      >
        {input}
      </Form.Item>
    </Col>
  );

  return (
    <RecordForm<AccountFormValues>
      title={t(account ? 'route.accountEdit' : 'route.accountAdd')}
      form={form}
      name="account"
      testId="account-form"
      initialValues={initialValues}
      onFinish={submit}
      pending={register.isPending || update.isPending}
      backTo={pathTo('AccountList')}
    >
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
          {credential('username', <Input maxLength={32} autoComplete="off" />)}
          <Col xs={24} md={12} />
          {credential('password', <Input.Password maxLength={64} autoComplete="new-password" />)}
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
    </RecordForm>
  );
}
