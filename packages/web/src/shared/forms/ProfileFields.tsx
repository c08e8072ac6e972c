import { type Language, languageNames, languages } from '@safety-shield/contract';
import { Col, Form, type FormInstance, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone } from '../time/zone.js';
import { accountRules } from './account-rules.js';
import { maxLength } from './rules.js';
import { textOrNull } from './text.js';

/** The IANA time zones the browser knows, for a searchable select (UTC too: engines leave it out of the list). */
export const timeZones = (): string[] => {
  try {
    const known = Intl.supportedValuesOf('timeZone');
    return known.includes('UTC') ? known : ['UTC', ...known];
  } catch {
    return ['UTC'];
  }
};

/** The browser's own time zone (SPEC section 9: taken from the browser). */
export { browserTimeZone };

// biome-ignore lint/suspicious/noExplicitAny: antd's form values are any by design
type AnyForm = FormInstance<any>;

/**
 * The profile fields an account has besides its credentials (SPEC section 3), as grid columns:
 * real name, phone, fixed tel, e-mail, language, time zone, address.
 */
export function ProfileFields({ form, span = 12 }: { form: AnyForm; span?: number }) {
  const { t } = useTranslation();
  const rules = accountRules(t);
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);
  // The username and password must not share too much with the contact: check them again when it changes.
  const recheckSecrets = () => {
    const touched = ['username', 'password'].filter((name) => form.getFieldValue(name));
    if (touched.length > 0) void form.validateFields(touched).catch(() => undefined);
  };
  return (
    <>
      <Col xs={24} md={span}>
        <Form.Item name="realName" label={t('account.realName')} rules={[maxLength(t, 64)]}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={span}>
        <Form.Item name="phone" label={t('account.phone')} rules={rules.phone} extra={t('validation.phoneHint')}>
          <Input maxLength={15} autoComplete="off" inputMode="tel" onBlur={recheckSecrets} />
        </Form.Item>
      </Col>
      <Col xs={24} md={span}>
        <Form.Item name="fixedTel" label={t('account.fixedTel')} rules={rules.fixedTel}>
          <Input maxLength={32} autoComplete="off" inputMode="tel" />
        </Form.Item>
      </Col>
      <Col xs={24} md={span}>
        <Form.Item name="email" label={t('account.email')} rules={rules.email}>
          <Input maxLength={128} autoComplete="off" inputMode="email" onBlur={recheckSecrets} />
        </Form.Item>
      </Col>
      <Col xs={24} md={span}>
        <Form.Item name="language" label={t('account.language')}>
          <Select allowClear options={languages.map((code) => ({ value: code, label: languageNames[code] }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={span}>
        <Form.Item name="timeZone" label={t('account.timeZone')} extra={t('time.browserZoneHint', { zone: browserTimeZone() })}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={zones} data-testid="time-zone-select" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="address" label={t('account.address')} rules={[maxLength(t, 200)]}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
      </Col>
    </>
  );
}

/** The profile fields' values in a form. */
export interface ProfileValues {
  realName?: string;
  phone?: string;
  fixedTel?: string;
  email?: string;
  language?: Language | null;
  timeZone?: string | null;
  address?: string;
}

/** The profile as the API takes it: texts trimmed, blank ones and an unset language or time zone as null. */
export const profileBody = (values: ProfileValues) => ({
  realName: textOrNull(values.realName),
  phone: textOrNull(values.phone),
  fixedTel: textOrNull(values.fixedTel),
  email: textOrNull(values.email),
  language: values.language ?? null,
  timeZone: values.timeZone ?? null,
  address: textOrNull(values.address),
});
