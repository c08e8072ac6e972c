import { theme } from 'antd';
import { sparkRuns } from './sparkline.js';

const WIDTH = 160;
const HEIGHT = 40;
/** Room for the line's width and the dots at the edges. */
const PAD = 3;

interface Props {
  values: readonly (number | null)[];
  /** What the line shows, for screen readers. */
  label: string;
  testId?: string;
}

/** A small trend line of scores (0–100), broken where a period has no score. */
export function Sparkline({ values, label, testId }: Props) {
  const { token } = theme.useToken();
  const runs = sparkRuns(values, WIDTH - 2 * PAD, HEIGHT - 2 * PAD);
  return (
    <svg
      viewBox={`${-PAD} ${-PAD} ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      style={{ maxWidth: '100%', display: 'block' }}
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      <line x1={0} x2={WIDTH - 2 * PAD} y1={HEIGHT - 2 * PAD} y2={HEIGHT - 2 * PAD} stroke={token.colorBorder} strokeWidth={1} />
      {runs.map((run) =>
        run.length === 1 ? (
          <circle key={`${run[0]?.x}`} cx={run[0]?.x} cy={run[0]?.y} r={2.5} fill={token.colorPrimary} />
        ) : (
          <polyline
            key={`${run[0]?.x}`}
            points={run.map((p) => `${p.x},${p.y}`).join(' ')}
            fill="none"
            stroke={token.colorPrimary}
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ),
      )}
    </svg>
  );
}
