/** A form inside a dialog has its buttons outside the form: this hidden one lets Enter submit it. */
export const SubmitOnEnter = () => <button type="submit" hidden tabIndex={-1} aria-hidden="true" />;
