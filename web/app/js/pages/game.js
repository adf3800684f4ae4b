// The game page, the same for a player and a spectator: the board from the viewer's side, the legal
// decisions to click, the last move animated, clocks, presence, resign/abort/claim, the move list,
// the invite link while the game waits, and once it is over the replay slider and the exports.
//
// This browser's seat in the game is the token kept in localStorage (prefs.js); the plain /game/{id}
// link watches.

import { api } from '../api.js';
import { Animator, SPEEDS } from '../anim.js';
import { BoardView } from '../board.js';
import { apply, bothMoved, clockLeft, decisions, initial } from '../gamestate.js';
import { adoptSeatFragment, keepSeat, prefs, seatToken } from '../prefs.js';
import { me } from '../session.js';
import { GameSocket } from '../socket.js';
import { cap, clockText, h, other, outcomeText, timeControl as clockWords, VARIANT_NAMES } from '../ui.js';
import { replayPanel } from './replay.js';

const DECISION_WORDS = {
  store: 'Sow the store',
  'store:loop': 'Sow the store, looping in your row',
  'store:cross': 'Sow the store into the opponent’s row',
  'opening:1': 'Opening array 1',
  'opening:2': 'Opening array 2',
  pass: 'Pass',
};

function choiceWord(c) {
  if (c === 'hidden') return 'chosen';
  if (c === 'pending') return 'choosing…';
  return `array ${c.split(':')[1]}`;
}

export function mount(main, { id }) {
  document.title = 'Game · Mancala';
  adoptSeatFragment(id);
  const s = initial();
  let flipped = false;
  let selected = null; // a hole with several decisions, waiting for the direction
  let frame = null; // the animation frame shown instead of the model's board
  let confirm = null; // 'resign' | 'abort' | 'claim_win' awaiting a second click
  let replay = null; // the replay panel of a finished game
  let message = '';
  let socket = null;
  let status = 'connecting';
  let recordAsked = false;
  const ratingOf = { south: null, north: null }; // the registered players' current ratings in this variant
  let ratingsFor = ''; // the players those were fetched for

  // ---- the page's parts ----
  const top = h('div', { class: 'player top-player' });
  const bottom = h('div', { class: 'player bottom-player' });
  const boardBox = h('div', { class: 'board-box', 'data-busy': 'false' });
  const caption = h('p', { class: 'caption muted', 'aria-live': 'off' });
  const statusLine = h('p', { class: 'status', id: 'status', 'aria-live': 'polite' });
  const ratingLine = h('p', { class: 'rating-change', id: 'rating-change' });
  const kind = h('p', { class: 'muted small', id: 'game-kind' });
  const note = h('p', { class: 'error', id: 'note', role: 'alert' });
  const choices = h('div', { class: 'choices', id: 'choices' });
  const controls = h('div', { class: 'controls' });
  const invite = h('div', { class: 'invite' });
  const moveList = h('ol', { class: 'moves', id: 'moves' });
  const replayBox = h('div', { class: 'replay-box' });
  const conn = h('span', { class: 'conn', id: 'conn' });
  const speed = h('select', { id: 'speed', 'aria-label': 'Animation speed' },
    Object.keys(SPEEDS).map((k) => h('option', { value: k }, k === 'off' ? 'no animation' : `${k} animation`)));
  speed.value = prefs.speed in SPEEDS ? prefs.speed : 'normal';
  speed.addEventListener('change', () => { prefs.speed = speed.value; });
  const skip = h('button', { type: 'button', class: 'small ghost', id: 'skip', onclick: () => skipAll() }, 'Skip');
  const flip = h('button', { type: 'button', class: 'small ghost', onclick: () => { flipped = !flipped; render(); } }, 'Flip board');
  const heading = h('h1', { class: 'game-title' }, 'Game');
  main.append(h('div', { class: 'game' },
    h('div', { class: 'board-col' }, top, boardBox, bottom, caption),
    h('aside', { class: 'side-col' }, heading, kind, conn, statusLine, ratingLine, note, choices, controls, invite, replayBox,
      h('div', { class: 'view-opts' }, speed, skip, flip),
      h('h2', { class: 'small-h' }, 'Moves'), moveList)));

  const view = new BoardView(boardBox, { onHole: (name) => clickHole(name) });
  const animator = new Animator((f) => {
    frame = f;
    boardBox.dataset.busy = f ? 'true' : 'false';
    render();
  });

  // ---- what the viewer may do ----
  const mySide = () => s.seat;
  const legal = () => (s.seat && !s.awaitingBoard && s.board && !(socket && socket.pending) ? s.board.legal : []);

  function clickHole(name) {
    if (animator.busy) {
      skipAll();
      return;
    }
    if (replay && replay.ply() !== s.game?.plies) return;
    const ds = decisions(legal()).byHole.get(name);
    if (!ds) return;
    if (ds.length === 1) {
      decide(ds[0]);
    } else {
      selected = selected === name ? null : name;
      render();
    }
  }

  function decide(d) {
    if (!socket) return;
    selected = null;
    message = '';
    socket.decide(d);
    render();
  }

  function command(type) {
    if (confirm !== type) {
      confirm = type;
      render();
      return;
    }
    confirm = null;
    if (!socket.command(type)) message = 'Not connected: try again in a moment.';
    render();
  }

  // ---- the socket ----
  function connect() {
    if (socket) socket.stop();
    socket = new GameSocket({
      gameId: id,
      token: seatToken(id),
      onStatus: (st) => {
        status = st;
        if (st === 'failed' && !s.game) checkExists();
        render();
      },
      onMessage: (m) => receive(m),
    });
    socket.start();
  }

  function receive(m) {
    if (m.type === 'rejected') {
      message = `Refused: ${m.reason}`;
    } else if (m.type === 'accepted') {
      message = '';
    } else if (m.type === 'error') {
      message = `Error: ${m.message}`;
    }
    const anim = apply(s, m, performance.now());
    if (m.type === 'snapshot' && s.seat) keepSeat(id, seatToken(id), s.seat);
    if (s.needRecord && !recordAsked) fetchRecord();
    if (anim && s.board) {
      queue.push(anim);
      animateNext();
    }
    if (s.game?.status === 'finished' && !replay && !s.awaitingBoard) {
      replay = replayPanel(id, s, {
        show: (b) => { replayBoard = b; render(); },
      });
      replayBox.replaceChildren(replay.el);
    } else if (replay) {
      replay.update(s);
    }
    render();
  }

  let replayBoard = null;

  // Moves are sown one after the other; a client far behind (a catch-up) shows only the last two.
  const queue = [];
  let sowing = null; // the move being shown
  function animateNext() {
    if (animator.busy || !queue.length) return;
    queue.splice(0, Math.max(0, queue.length - 2));
    const a = queue.shift();
    sowing = a.move;
    animator.play(a.before, a.move, speed.value, () => setTimeout(animateNext, 0));
  }
  function skipAll() {
    queue.length = 0;
    animator.finish();
  }

  async function fetchRecord() {
    recordAsked = true;
    s.needRecord = false;
    try {
      const d = await api.game(id);
      const known = new Map(d.record.map((r) => [r.ply, r]));
      for (const mv of s.moves) if (!known.has(mv.ply)) known.set(mv.ply, mv);
      s.moves = [...known.values()].sort((a, b) => a.ply - b.ply);
    } catch (e) {
      message = e.message;
    } finally {
      recordAsked = false;
    }
    if (s.needRecord) fetchRecord();
    render();
  }

  // A socket that never opens: a game that does not exist (or a bad id) is said so and not retried.
  let checked = false;
  async function checkExists() {
    if (checked) return;
    checked = true;
    try {
      await api.game(id);
    } catch (e) {
      if (e.status === 404 || e.status === 400) {
        socket.stop();
        status = 'gone';
        message = e.message;
        heading.textContent = 'No such game';
        render();
      }
    }
  }

  async function join(name) {
    try {
      const seat = await api.join(id, name || undefined);
      keepSeat(id, seat.token, seat.seat);
      connect();
    } catch (e) {
      message = `Could not join: ${e.message}`;
      render();
    }
  }

  // ---- drawing ----
  function playerBar(el, side) {
    if (!s.game || !side) {
      el.replaceChildren();
      return;
    }
    const p = s.game.players[side];
    const left = clockLeft(s, side, performance.now());
    const running = s.clock?.running.includes(side);
    const turn = s.board && (s.board.toMove === side || (s.board.toMove === 'both' && s.board.waiting.includes(side)));
    const bits = [
      h('span', { class: `dot ${s.presence[side] ? 'on' : 'off'}`, title: s.presence[side] ? 'connected' : 'away', 'aria-label': s.presence[side] ? 'connected' : 'away' }),
      p?.registered ? h('a', { class: 'pname', href: `/@/${encodeURIComponent(p.name)}` }, p.name) : h('strong', { class: 'pname' }, p ? p.name : 'open seat'),
      ratingBits(side),
      h('span', { class: 'muted' }, ` ${cap(side)}${side === mySide() ? ' (you)' : ''}`),
    ];
    if (s.board?.variant === 'azigo') {
      const n = s.board.stores[side];
      bits.push(h('span', { class: 'store', 'data-store': side }, n === null ? 'store: hidden' : `store: ${n}`));
    }
    if (s.board?.toMove === 'both' || (s.board && s.board.choices[side] !== 'pending')) {
      bits.push(h('span', { class: 'choice', 'data-choice-of': side }, choiceWord(s.board.choices[side])));
    }
    if (left !== null) bits.push(h('span', { class: `clock ${running ? 'running' : ''} ${left < 10000 ? 'low' : ''}`, 'data-clock': side }, clockText(left)));
    el.replaceChildren(...bits.filter(Boolean));
    el.classList.toggle('to-move', !!turn && s.game.status === 'ongoing');
  }

  /** A player's rating beside the name: before the game and the change once a rated game is over,
   *  else the current rating in this variant (registered players). */
  function ratingBits(side) {
    const change = s.game?.result?.ratings?.[side];
    if (change) {
      const d = change.after - change.before;
      return h('span', { class: 'prating', 'data-rating': side }, ` ${change.before}${change.provisional ? '?' : ''} `,
        h('span', { class: `diff ${d > 0 ? 'up' : d < 0 ? 'down' : ''}` }, signed(d)));
    }
    const r = ratingOf[side];
    return r ? h('span', { class: 'prating', 'data-rating': side }, ` ${r.rating}${r.provisional ? '?' : ''}`) : null;
  }

  /** The current ratings of the registered players, fetched once per pair of players. */
  function fetchRatings() {
    const g = s.game;
    if (!g) return;
    const key = `${g.players.south?.name}|${g.players.north?.name}`;
    if (key === ratingsFor) return;
    ratingsFor = key;
    for (const side of ['south', 'north']) {
      const p = g.players[side];
      if (!p?.registered) continue;
      api.player(p.name).then((prof) => {
        ratingOf[side] = prof.ratings[g.variant] || null;
        renderBars();
      }).catch(() => {});
    }
  }

  function renderRatingLine() {
    const g = s.game;
    const r = g?.status === 'finished' ? g.result?.ratings : null;
    if (!r) {
      ratingLine.replaceChildren();
      return;
    }
    ratingLine.replaceChildren(...['south', 'north'].map((side) => {
      const c = r[side];
      const d = c.after - c.before;
      return h('span', { class: 'change', 'data-change': side },
        `${g.players[side]?.name || cap(side)}: ${c.before} → ${c.after}${c.provisional ? '?' : ''} `,
        h('span', { class: `diff ${d > 0 ? 'up' : d < 0 ? 'down' : ''}` }, `(${signed(d)})`));
    }));
  }

  function statusText() {
    if (!s.game || !s.board) return 'Connecting…';
    if (s.game.status === 'waiting') return 'Waiting for an opponent to join.';
    if (s.game.status === 'finished') return outcomeText(s.game.result || s.board.outcome);
    if (s.awaitingBoard) return 'The server is playing forced moves…';
    if (socket?.pending) return `Sending ${socket.pending.decision}…`;
    const me = mySide();
    if (s.board.toMove === 'both') {
      if (me && s.board.waiting.includes(me)) return 'Choose your opening array (your choice stays secret until both are in).';
      return `Waiting for ${s.board.waiting.map(cap).join(' and ')} to choose an opening array.`;
    }
    if (me && s.board.toMove === me) return s.board.legal.length ? 'Your move.' : 'Your move…';
    return `${cap(s.board.toMove || '')} to move.`;
  }

  /** The player bars; returns the side shown at the bottom. */
  function renderBars() {
    const viewer = mySide() || 'south';
    const side = flipped ? other(viewer) : viewer;
    playerBar(top, other(side));
    playerBar(bottom, side);
    return side;
  }

  function render() {
    const g = s.game;
    if (status === 'gone') {
      statusLine.textContent = '';
      note.textContent = message;
      conn.textContent = '';
      return;
    }
    heading.textContent = g ? `${VARIANT_NAMES[g.variant] || g.variant}${g.variant === 'njombwa' && g.options.width !== 8 ? ` 4x${g.options.width}` : ''}` : 'Game';
    if (g) document.title = `${heading.textContent} · ${g.players.south?.name || '?'} – ${g.players.north?.name || '?'} · Mancala`;
    conn.textContent = { connecting: 'connecting…', open: '', closed: 'reconnecting…', failed: 'offline, retrying…' }[status] || '';
    conn.dataset.state = status;
    statusLine.textContent = statusText();
    renderRatingLine();
    kind.textContent = g ? `${g.rated ? 'Rated' : 'Casual'} · ${g.clock ? `${clockWords(g.clock)}` : 'no clock'}` : '';
    if (g) fetchRatings();
    note.textContent = message;
    skip.hidden = !frame;
    const side = renderBars();
    if (s.board) {
      const replaying = replayBoard && replay && replay.ply() !== g?.plies;
      const b = replaying ? replayBoard : s.board;
      const { byHole, others } = decisions(frame || replaying ? [] : legal());
      view.draw({
        rows: b.rows,
        columns: b.columns,
        holes: frame ? frame.holes : b.holes,
        side,
        vertical: b.columns >= 20 && boardBox.clientWidth < 640,
        playable: new Set(byHole.keys()),
        marks: frame ? frame.marks : {},
        selected,
        label: `${VARIANT_NAMES[b.variant] || b.variant} board, seen from ${cap(side)}`,
      });
      caption.textContent = frame ? `${cap(sowing.side)} ${sowing.decision ?? ''} · ${frame.caption}` : replaying ? `Position after move ${replay.ply()}` : '';
      renderChoices(byHole, others);
    }
    renderControls();
    renderInvite();
    renderMoves();
    seatLink.hidden = !s.seat || s.game?.status === 'finished';
  }

  function renderChoices(byHole, others) {
    const buttons = [];
    if (selected && byHole.has(selected)) {
      for (const d of byHole.get(selected)) {
        const cw = d.endsWith(':cw');
        buttons.push(h('button', { type: 'button', class: 'primary', 'data-decision': d, onclick: () => decide(d) }, `${d.split(':')[0]} ${cw ? 'clockwise ↻' : 'anticlockwise ↺'}`));
      }
      buttons.push(h('button', { type: 'button', class: 'ghost', onclick: () => { selected = null; render(); } }, 'Cancel'));
    }
    for (const d of others) {
      buttons.push(h('button', { type: 'button', class: 'primary', 'data-decision': d, onclick: () => decide(d) }, DECISION_WORDS[d] || d));
    }
    choices.replaceChildren(...buttons);
  }

  function renderControls() {
    const g = s.game;
    const items = [];
    if (g && s.seat && g.status !== 'finished') {
      const ask = (type, label, question) => {
        if (confirm === type) {
          items.push(h('span', { class: 'confirm' }, `${question} `,
            h('button', { type: 'button', class: 'danger small', 'data-confirm': type, onclick: () => command(type) }, `Yes, ${label.toLowerCase()}`),
            h('button', { type: 'button', class: 'ghost small', onclick: () => { confirm = null; render(); } }, 'No')));
        } else {
          items.push(h('button', { type: 'button', class: 'small', 'data-command': type, onclick: () => command(type) }, label));
        }
      };
      if (g.status === 'waiting' || !bothMoved(s)) ask('abort', 'Abort', 'Abort this game?');
      if (g.status === 'ongoing') ask('resign', 'Resign', 'Resign this game?');
      const opp = other(s.seat);
      if (g.status === 'ongoing' && !s.presence[opp] && s.presence.claimWinAt) {
        const wait = s.presence.claimWinAt - Date.now();
        if (wait <= 0) ask('claim_win', 'Claim the win', `${cap(opp)} has left. Claim the win?`);
        else items.push(h('span', { class: 'muted small' }, `${cap(opp)} has left; you may claim the win in ${Math.ceil(wait / 1000)} s.`));
      }
    }
    if (g && !s.seat && g.status === 'waiting') {
      const open = g.players.south ? 'north' : 'south';
      // A signed-in person joins as their account; a guest under the name typed here.
      const name = me() ? null : h('input', { id: 'join-name', maxlength: 24, placeholder: 'your name', value: prefs.name || '', 'aria-label': 'Your name' });
      items.push(h('form', { class: 'join', onsubmit: (e) => { e.preventDefault(); if (name) prefs.name = name.value; join(name ? name.value : ''); } },
        name, h('button', { type: 'submit', class: 'primary', id: 'join' }, `Play as ${cap(open)}`)));
    }
    controls.replaceChildren(...items);
  }

  function renderInvite() {
    const g = s.game;
    if (!g || g.status !== 'waiting' || !s.seat) {
      invite.replaceChildren();
      return;
    }
    const link = `${location.origin}/game/${g.id}`;
    const field = h('input', { readonly: true, value: link, id: 'invite-link', 'aria-label': 'Invite link' });
    const copy = h('button', { type: 'button', class: 'small', onclick: () => copyText(field, copy) }, 'Copy');
    invite.replaceChildren(h('p', {}, 'Send this link to your opponent:'), h('div', { class: 'copy-row' }, field, copy),
      g.inviteCode ? h('p', { class: 'muted small' }, `Invite code ${g.inviteCode} (for the terminal client: mancala play --join ${g.inviteCode})`) : null);
  }

  function renderMoves() {
    const items = s.moves.map((mv) => {
      const text = mv.decision === null ? 'secret' : mv.decision;
      const current = replay && replayBoard && replay.ply() === mv.ply;
      const li = h('li', { value: mv.ply, 'data-ply': mv.ply, class: `${mv.auto ? 'auto' : ''} ${current ? 'current' : ''}` },
        h('span', { class: 'muted' }, `${mv.side} `), text, mv.auto ? h('span', { class: 'muted small' }, ' forced') : null);
      // In a finished game a move of the list shows the board after it.
      if (replay) li.addEventListener('click', () => replay.go(mv.ply));
      return li;
    });
    moveList.replaceChildren(...items);
    moveList.classList.toggle('clickable', !!replay);
    const current = moveList.querySelector('li.current');
    if (current) current.scrollIntoView({ block: 'nearest' });
    else moveList.scrollTop = moveList.scrollHeight;
  }

  // Seat link for another device: built on demand only, so the token is not in the page otherwise.
  const seatLink = h('button', { type: 'button', class: 'small ghost', id: 'seat-link', onclick: () => {
    const t = seatToken(id);
    if (!t) return;
    const f = h('input', { readonly: true, value: `${location.origin}/game/${id}#seat=${t}`, 'aria-label': 'Your private seat link' });
    seatLink.replaceWith(h('div', { class: 'copy-row' }, f, h('button', { type: 'button', class: 'small', onclick: (e) => copyText(f, e.target) }, 'Copy')),
      h('p', { class: 'muted small' }, 'Private: whoever opens it plays your seat.'));
  } }, 'Continue on another device');
  main.querySelector('.side-col').append(seatLink);

  const tick = setInterval(() => {
    // Only the clocks and the claim countdown change with time.
    if (s.clock?.running.length) renderBars();
    if (s.presence.claimWinAt && s.seat && s.game?.status === 'ongoing' && !confirm) renderControls();
  }, 250);
  const resize = new ResizeObserver(() => render());
  resize.observe(boardBox);
  const keys = (e) => {
    if (e.key === 'Escape' && (selected || confirm)) {
      selected = null;
      confirm = null;
      render();
    }
  };
  document.addEventListener('keydown', keys);

  connect();
  render();
  return () => {
    socket?.stop();
    skipAll();
    replay?.stop();
    clearInterval(tick);
    resize.disconnect();
    document.removeEventListener('keydown', keys);
  };
}

const signed = (d) => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0');

async function copyText(field, button) {
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    // Not a secure context (a LAN address over http): the old way.
    field.select();
    document.execCommand('copy');
  }
  button.textContent = 'Copied';
  setTimeout(() => { button.textContent = 'Copy'; }, 1500);
}
