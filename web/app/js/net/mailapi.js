// @ts-check
// The API calls of the account's email, "Forgot your password?", closing the account and whether the
// server sends mail: only the pages that use them load this module (the game page has a byte budget).

import { call } from './api.js';

/**
 * The account's email as the pages use it.
 * @param {import('./wire.js').Json} w `EmailState`
 * @returns {{address: string | null, confirmedAt: number | null, pending: string | null, mail: boolean}}
 */
function emailState(w) {
  return {
    address: w?.address ?? null,
    confirmedAt: w?.confirmed_at ?? null,
    pending: w?.pending ?? null,
    mail: !!w?.mail,
  };
}

export const mailApi = {
  /** @returns {Promise<{mail: boolean}>} whether the server sends mail */
  site: async () => ({ mail: !!(await call('GET', '/api/site'))?.mail }),
  /** The account's email address, the one waiting for its link, and whether the server sends mail. */
  emailState: async () => emailState(await call('GET', '/api/account/email')),
  /** @param {string | null} email null removes the address @param {string} password @param {string} lang */
  setEmail: async (email, password, lang) =>
    emailState(await call('POST', '/api/account/email', { email, password, lang })),
  /** @param {string} token @returns {Promise<{name: string, address: string}>} */
  confirmEmail: async (token) => call('POST', '/api/account/email/confirm', { token }),
  /** @param {string} who a name or an address @param {string} lang */
  forgotPassword: async (who, lang) => call('POST', '/api/account/forgot', { who, lang }),
  /** @param {string} password */
  closeAccount: async (password) => call('POST', '/api/account/close', { password }),
};
