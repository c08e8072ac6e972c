import {
  incidentTypes,
  SAFETY_SEVERITY_FACTOR_MAX,
  SAFETY_TYPE_WEIGHT_MAX,
  type SafetyWeights,
  safetySeverities,
} from '@safety-shield/contract';
import { Form, type FormInstance, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WeightField } from './WeightField.js';

interface Props {
  form: FormInstance<SafetyWeights>;
  weights: SafetyWeights;
  /** Read only (a Fleet Admin sees the weights, a Company Admin or above changes them). */
  disabled: boolean;
  onFinish(weights: SafetyWeights): void;
}

/** A severity's name: the default tags in the reader's language, any other tag (or none) as one. */
const severityText = (severity: string) => (severity === 'other' ? 'statistics.safety.weights.otherSeverity' : `defaultTags.${severity}`);

/** The score's own settings: the scale, and the least distance that gives a score. */
const SCORE_FIELDS = [
  { name: 'scale', text: 'scale', min: 0.1, max: 1000 },
  { name: 'minDistanceKm', text: 'minDistance', min: 0, max: 100_000 },
] as const;

/** Points per incident type, factor per severity, the scale and the least distance that gives a score. */
export function WeightsForm({ form, weights, disabled, onFinish }: Props) {
  const { t } = useTranslation();
  return (
    <Form<SafetyWeights>
      form={form}
      name="safety-weights"
      layout="vertical"
      initialValues={weights}
      disabled={disabled}
      onFinish={onFinish}
      // Centred: the buttons kept at the drawer's foot would cover a field scrolled to the edge.
      scrollToFirstError={{ block: 'center' }}
      data-testid="safety-weights-form"
    >
      <Typography.Title level={5}>{t('statistics.safety.weights.types')}</Typography.Title>
      <Row gutter={16}>
        {incidentTypes.map((type) => (
          <WeightField key={type} name={['types', type]} label={t(`events.types.${type}`)} min={0} max={SAFETY_TYPE_WEIGHT_MAX} step={1} />
        ))}
      </Row>
      <Typography.Title level={5}>{t('statistics.safety.weights.severities')}</Typography.Title>
      <Row gutter={16}>
        {safetySeverities.map((severity) => (
          <WeightField
            key={severity}
            name={['severities', severity]}
            label={t(severityText(severity))}
            min={0}
            max={SAFETY_SEVERITY_FACTOR_MAX}
            step={0.5}
          />
        ))}
      </Row>
      <Typography.Title level={5}>{t('statistics.safety.weights.score')}</Typography.Title>
      <Row gutter={16}>
        {SCORE_FIELDS.map(({ name, text, min, max }) => (
          <WeightField
            key={name}
            name={[name]}
            label={t(`statistics.safety.weights.${text}`)}
            extra={t(`statistics.safety.weights.${text}Hint`)}
            min={min}
            max={max}
            step={1}
          />
        ))}
      </Row>
    </Form>
  );
}
