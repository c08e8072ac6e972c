import type { ReactNode } from 'react';

interface Props {
  /** The accessible name: the button shows only its icon. */
  label: string;
  testId: string;
  onClick(): void;
  /** For a button that opens something (the mobile menu). */
  expanded?: boolean;
  children: ReactNode;
}

/** An icon button of the header's row (menu, fullscreen, settings). */
export function HeaderAction({ label, testId, onClick, expanded, children }: Props) {
  return (
    <button type="button" className="header-action" onClick={onClick} aria-label={label} aria-expanded={expanded} data-testid={testId}>
      {children}
    </button>
  );
}
