/** A text field's value for the API: trimmed, an empty one as null. */
export const textOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
