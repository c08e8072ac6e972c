/** A LIKE pattern that finds the text anywhere, with the user's % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Epoch milliseconds of a timestamp column, or null. */
export const epochMs = (value: Date | null) => (value ? value.getTime() : null);
