/**
 * The account rules of SPEC section 5, one copy for the server (which enforces them) and the console
 * (which shows them before sending). The stronger of the spec's two password readings applies.
 */

/** SPEC section 5, stronger reading: 13 characters with upper and lower case, a digit and a symbol. */
export const PASSWORD_MIN = 13;
export const PASSWORD_MAX = 64;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{4,32}$/;
/** SPEC sections 5 and 9: 10 to 14 digits; a leading + is allowed. */
export const PHONE_PATTERN = /^\+?\d{10,14}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** SPEC section 9: at most 3 identical characters shared between username/password and phone/e-mail. */
export const MAX_SHARED_CHARACTERS = 3;

export function passwordMeetsRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password) &&
    !/\s/.test(password)
  );
}

/** The longest run of characters two texts have in common, without regard to case. */
export function longestSharedRun(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let best = 0;
  let previous = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i++) {
    const current = new Array<number>(y.length + 1).fill(0);
    for (let j = 1; j <= y.length; j++) {
      if (x[i - 1] === y[j - 1]) {
        current[j] = (previous[j - 1] ?? 0) + 1;
        if ((current[j] ?? 0) > best) best = current[j] ?? 0;
      }
    }
    previous = current;
  }
  return best;
}

/** True when the secret shares more than 3 identical characters in a row with the phone or the e-mail. */
export function sharesTooMuchWithContact(secret: string, contact: { phone?: string | null; email?: string | null }): boolean {
  return [contact.phone, contact.email].some((value) => !!value && longestSharedRun(secret, value) > MAX_SHARED_CHARACTERS);
}
