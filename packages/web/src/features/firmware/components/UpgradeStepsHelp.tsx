import { QuestionCircleOutlined } from '@ant-design/icons';
import { Collapse, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The steps of a device's upgrade and what each state means (docs/device-protocol.md, `upgrade`), for the operator. */
const STEPS = ['queued', 'sent', 'downloading', 'verifying', 'installing', 'rebooting', 'done', 'failed', 'expired', 'cancelled'] as const;

export function UpgradeStepsHelp() {
  const { t } = useTranslation();
  return (
    <Collapse
      size="small"
      data-testid="upgrade-help"
      items={[
        {
          key: 'steps',
          label: (
            <span>
              <QuestionCircleOutlined /> {t('firmware.help.title')}
            </span>
          ),
          children: (
            <>
              <dl style={{ margin: 0 }}>
                {STEPS.map((step) => (
                  <div key={step} style={{ marginBottom: 6 }}>
                    <dt style={{ display: 'inline', fontWeight: 600 }}>{t(`firmware.phase.${step}`)}:</dt>
                    <dd style={{ display: 'inline', marginInlineStart: 6 }}>{t(`firmware.help.${step}`)}</dd>
                  </div>
                ))}
              </dl>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                {t('firmware.help.stages')}
              </Typography.Paragraph>
            </>
          ),
        },
      ]}
    />
  );
}
