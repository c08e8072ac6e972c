/** SPEC section 7: the X-Token lives in session storage. */
const KEY = 'safety-shield-token';

export const getToken = (): string | null => sessionStorage.getItem(KEY);
export const setToken = (token: string) => sessionStorage.setItem(KEY, token);
export const clearToken = () => sessionStorage.removeItem(KEY);
