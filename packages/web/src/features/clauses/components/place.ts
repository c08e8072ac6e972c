/** '—' for nothing known. */
export const dash = (value: string | number | null | undefined) => (value == null || value === '' ? '—' : value);
