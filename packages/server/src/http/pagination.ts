/** ARCHITECTURE section 3: page from 1, limit at most 500 (the schema has checked both). */
export const offsetOf = ({ page, limit }: { page: number; limit: number }) => (page - 1) * limit;

/** A LIKE pattern that finds the text anywhere, with the user's % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Epoch milliseconds of a timestamp column, or null. */
export const epochMs = (value: Date | null) => (value ? value.getTime() : null);
