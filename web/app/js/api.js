// HTTP calls to the server's API, decoded by wire.js. Errors are thrown as ApiError with the server's
// sentence, so a page can show why.

import * as wire from './wire.js';

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body, token) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'offline', 'the server cannot be reached');
  }
  const text = await res.text();
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
  rules: async (variant) => call('GET', `/api/rules/${encodeURIComponent(variant)}`),
  exportPath: (id, format) => `/api/games/${encodeURIComponent(id)}/export${format ? `?format=${format}` : ''}`,
};
