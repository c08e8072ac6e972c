import type { DvrSegment } from '@safety-shield/contract';
import { useRef, useState } from 'react';

const DAY_MS = 24 * 3_600_000;
/** A click without a drag picks this long from the clicked moment. */
const CLICK_SPAN_MS = 60_000;

export interface Span {
  start: number;
  end: number;
}

interface Props {
  /** Midnight UTC of the day shown. */
  dayStart: number;
  segments: readonly DvrSegment[];
  selected: Span | null;
  onSelect(span: Span): void;
}

const pct = (ms: number) => `${Math.min(100, Math.max(0, (ms / DAY_MS) * 100))}%`;

/** Where a span of the day lies over the bar, `inset` pixels in from its top and bottom. */
const placed = ({ start, end }: Span, dayStart: number, inset: number) =>
  ({ position: 'absolute', top: inset, bottom: inset, left: pct(start - dayStart), width: pct(end - start) }) as const;

/** The day's 24 hours with the recorded segments; click or drag picks a span. */
export function Timeline({ dayStart, segments, selected, onSelect }: Props) {
  const bar = useRef<HTMLDivElement>(null);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [hover, setHover] = useState<number | null>(null);

  const timeAt = (clientX: number) => {
    const box = bar.current?.getBoundingClientRect();
    if (!box) return dayStart;
    const ratio = Math.min(1, Math.max(0, (clientX - box.left) / box.width));
    return dayStart + Math.round((ratio * DAY_MS) / 1000) * 1000;
  };

  const finish = (clientX: number) => {
    if (anchor === null) return;
    const at = timeAt(clientX);
    const [start, end] = Math.abs(at - anchor) < 5_000 ? [anchor, anchor + CLICK_SPAN_MS] : [Math.min(anchor, at), Math.max(anchor, at)];
    setAnchor(null);
    setHover(null);
    onSelect({ start, end });
  };

  const shown = anchor !== null && hover !== null ? { start: Math.min(anchor, hover), end: Math.max(anchor, hover) } : selected;
  return (
    <div style={{ userSelect: 'none' }}>
      <div
        ref={bar}
        data-testid="dvr-timeline"
        role="slider"
        aria-valuemin={dayStart}
        aria-valuemax={dayStart + DAY_MS}
        aria-valuenow={selected?.start ?? dayStart}
        tabIndex={0}
        onMouseDown={(e) => setAnchor(timeAt(e.clientX))}
        onMouseMove={(e) => anchor !== null && setHover(timeAt(e.clientX))}
        onMouseUp={(e) => finish(e.clientX)}
        onMouseLeave={() => {
          setAnchor(null);
          setHover(null);
        }}
        style={{
          position: 'relative',
          height: 36,
          background: 'var(--ant-color-fill-secondary, #f0f0f0)',
          borderRadius: 4,
          cursor: 'crosshair',
          overflow: 'hidden',
        }}
      >
        {segments.map((s) => (
          <div
            key={s.start}
            data-testid="dvr-segment"
            style={{ ...placed(s, dayStart, 6), background: 'var(--ant-color-primary, #1677ff)', opacity: 0.55 }}
          />
        ))}
        {shown && (
          <div
            data-testid="dvr-selection"
            style={{
              ...placed(shown, dayStart, 0),
              // A very short pick stays visible.
              width: `max(2px, ${pct(shown.end - shown.start)})`,
              background: 'rgba(250, 173, 20, 0.45)',
              border: '1px solid #faad14',
            }}
          />
        )}
      </div>
      <div style={{ position: 'relative', height: 18, fontSize: 11, opacity: 0.7 }}>
        {[0, 3, 6, 9, 12, 15, 18, 21, 24].map((h) => (
          <span key={h} style={{ position: 'absolute', left: pct(h * 3_600_000), transform: h === 24 ? 'translateX(-100%)' : undefined }}>
            {String(h).padStart(2, '0')}:00
          </span>
        ))}
      </div>
    </div>
  );
}
