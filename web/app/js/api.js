// HTTP calls to the server's API, decoded by wire.js. Errors are thrown as ApiError with the server's
// sentence, so a page can show why. Every call sends the session cookie (same origin only): a signed-in
// person creates and joins games, seeks and plays rated games as their account.

import * as wire from './wire.js';

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body, token, raw = false) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'offline', 'the server cannot be reached');
  }
  const text = await res.text();
  if (raw && res.ok) return text;
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  if (!res.ok) {
    const e = wire.apiError(res.status, json);
    throw new ApiError(res.status, e.code, e.message);
  }
  return json;
}

const q = (params) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const t = s.toString();
  return t ? `?${t}` : '';
};

export const api = {
  variants: async () => wire.variantList(await call('GET', '/api/variants')),
  games: async (filters) => wire.gameList(await call('GET', `/api/games${q(filters)}`)),
  game: async (id) => wire.gameDetail(await call('GET', `/api/games/${encodeURIComponent(id)}`)),
  position: async (id, ply) => wire.positionAt(await call('GET', `/api/games/${encodeURIComponent(id)}/position?ply=${ply}`)),
  create: async (form) => wire.seatGranted(await call('POST', '/api/games', wire.createGame(form))),
  join: async (id, name) => wire.seatGranted(await call('POST', `/api/games/${encodeURIComponent(id)}/join`, name ? { name } : {})),
  player: async (name) => wire.playerProfile(await call('GET', `/api/players/${encodeURIComponent(name)}`)),
  ratingHistory: async (name, variant) => wire.ratingHistory(await call('GET', `/api/players/${encodeURIComponent(name)}/ratings/${encodeURIComponent(variant)}`)),
  leaderboard: async (variant, limit) => wire.leaderboard(await call('GET', `/api/leaderboard/${encodeURIComponent(variant)}${q({ limit })}`, undefined, null, true)),
  seeks: async () => ((await call('GET', '/api/lobby/seeks')).seeks || []).map(wire.seek),
  signup: async (name, password) => wire.account(await call('POST', '/api/account/signup', { name, password })),
  signin: async (name, password) => wire.account(await call('POST', '/api/account/signin', { name, password })),
  signout: async () => call('POST', '/api/account/signout'),
  account: async () => wire.account(await call('GET', '/api/account')),
  changePassword: async (current, next) => call('POST', '/api/account/password', { current, new: next }),
  tokens: async () => ((await call('GET', '/api/account/tokens')) || []).map(wire.apiToken),
  createToken: async (label) => wire.apiToken(await call('POST', '/api/account/tokens', { label })),
  revokeToken: async (id) => call('DELETE', `/api/account/tokens/${encodeURIComponent(id)}`),
  rules: async (variant) => call('GET', `/api/rules/${encodeURIComponent(variant)}`),
  exportPath: (id, format) => `/api/games/${encodeURIComponent(id)}/export${format ? `?format=${format}` : ''}`,
};
