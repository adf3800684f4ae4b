// snabbdom 3.6.2 (https://github.com/snabbdom/snabbdom), bundled with esbuild by web/tests/vendor.
// Exports: init, h, thunk, attributesModule, classModule, eventListenersModule, propsModule.
// The MIT License (MIT)
//
// Copyright (c) 2015 Simon Friis Vindum
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.
//
function rt(t, e) {
  return document.createElement(t, e);
}
function lt(t, e, i) {
  return document.createElementNS(t, e, i);
}
function ot() {
  return N(document.createDocumentFragment());
}
function ft(t) {
  return document.createTextNode(t);
}
function st(t) {
  return document.createComment(t);
}
function at(t, e, i) {
  if (C(t)) {
    let n = t;
    for (; n && C(n); ) n = N(n).parent;
    t = n ?? t;
  }
  (C(e) && (e = N(e, t)), i && C(i) && (i = N(i).firstChildNode), t.insertBefore(e, i));
}
function ct(t, e) {
  t.removeChild(e);
}
function ut(t, e) {
  (C(e) && (e = N(e, t)), t.appendChild(e));
}
function X(t) {
  if (C(t)) {
    for (; t && C(t); ) t = N(t).parent;
    return t ?? null;
  }
  return t.parentNode;
}
function mt(t) {
  var e;
  if (C(t)) {
    let i = N(t),
      n = X(i);
    if (n && i.lastChildNode) {
      let r = Array.from(n.childNodes),
        f = r.indexOf(i.lastChildNode);
      return (e = r[f + 1]) !== null && e !== void 0 ? e : null;
    }
    return null;
  }
  return t.nextSibling;
}
function dt(t) {
  return t.tagName;
}
function pt(t, e) {
  t.textContent = e;
}
function xt(t) {
  return t.textContent;
}
function ht(t) {
  return t.nodeType === 1;
}
function gt(t) {
  return t.nodeType === 3;
}
function yt(t) {
  return t.nodeType === 8;
}
function C(t) {
  return t.nodeType === 11;
}
function N(t, e) {
  var i, n, r;
  let f = t;
  return (
    ((i = f.parent) !== null && i !== void 0) || (f.parent = e ?? null),
    ((n = f.firstChildNode) !== null && n !== void 0) || (f.firstChildNode = t.firstChild),
    ((r = f.lastChildNode) !== null && r !== void 0) || (f.lastChildNode = t.lastChild),
    f
  );
}
var q = {
  createElement: rt,
  createElementNS: lt,
  createTextNode: ft,
  createDocumentFragment: ot,
  createComment: st,
  insertBefore: at,
  removeChild: ct,
  appendChild: ut,
  parentNode: X,
  nextSibling: mt,
  tagName: dt,
  setTextContent: pt,
  getTextContent: xt,
  isElement: ht,
  isText: gt,
  isComment: yt,
  isDocumentFragment: C,
};
function M(t, e, i, n, r) {
  let f = e === void 0 ? void 0 : e.key;
  return { sel: t, data: e, children: i, text: n, elm: r, key: f };
}
var D = Array.isArray;
function E(t) {
  return typeof t == 'string' || typeof t == 'number' || t instanceof String || t instanceof Number;
}
function O(t) {
  return t === void 0;
}
function b(t) {
  return t !== void 0;
}
var P = M('', {}, [], void 0, void 0);
function w(t, e) {
  var i, n;
  let r = t.key === e.key,
    f =
      ((i = t.data) === null || i === void 0 ? void 0 : i.is) ===
      ((n = e.data) === null || n === void 0 ? void 0 : n.is),
    a = t.sel === e.sel,
    v = !t.sel && t.sel === e.sel ? typeof t.text == typeof e.text : !0;
  return a && r && f && v;
}
function vt() {
  throw new Error('The document fragment is not supported on this platform.');
}
function St(t, e) {
  return t.isElement(e);
}
function At(t, e) {
  return t.isDocumentFragment(e);
}
function _t(t, e, i) {
  var n;
  let r = {};
  for (let f = e; f <= i; ++f) {
    let a = (n = t[f]) === null || n === void 0 ? void 0 : n.key;
    a !== void 0 && (r[a] = f);
  }
  return r;
}
var bt = ['create', 'update', 'remove', 'destroy', 'pre', 'post'];
function G(t, e, i) {
  let n = { create: [], update: [], remove: [], destroy: [], pre: [], post: [] },
    r = e !== void 0 ? e : q;
  for (let l of bt)
    for (let o of t) {
      let c = o[l];
      c !== void 0 && n[l].push(c);
    }
  function f(l) {
    let o = l.id ? '#' + l.id : '',
      c = l.getAttribute('class'),
      s = c ? '.' + c.split(' ').join('.') : '';
    return M(r.tagName(l).toLowerCase() + o + s, {}, [], void 0, l);
  }
  function a(l) {
    return M(void 0, {}, [], void 0, l);
  }
  function v(l, o) {
    return function () {
      if (--o === 0) {
        let s = r.parentNode(l);
        s !== null && r.removeChild(s, l);
      }
    };
  }
  function T(l, o) {
    var c, s, p, x;
    let u,
      h = l.data;
    if (h !== void 0) {
      let d = (c = h.hook) === null || c === void 0 ? void 0 : c.init;
      b(d) && (d(l), (h = l.data));
    }
    let m = l.children,
      g = l.sel;
    if (g === '!') (O(l.text) && (l.text = ''), (l.elm = r.createComment(l.text)));
    else if (g === '') l.elm = r.createTextNode(l.text);
    else if (g !== void 0) {
      let d = g.indexOf('#'),
        y = g.indexOf('.', d),
        A = d > 0 ? d : g.length,
        S = y > 0 ? y : g.length,
        _ = d !== -1 || y !== -1 ? g.slice(0, Math.min(A, S)) : g,
        k = (l.elm = b(h) && b((u = h.ns)) ? r.createElementNS(u, _, h) : r.createElement(_, h));
      for (
        A < S && k.setAttribute('id', g.slice(A + 1, S)),
          y > 0 && k.setAttribute('class', g.slice(S + 1).replace(/\./g, ' ')),
          u = 0;
        u < n.create.length;
        ++u
      )
        n.create[u](P, l);
      if ((E(l.text) && (!D(m) || m.length === 0) && r.appendChild(k, r.createTextNode(l.text)), D(m)))
        for (u = 0; u < m.length; ++u) {
          let W = m[u];
          W != null && r.appendChild(k, T(W, o));
        }
      let B = l.data.hook;
      b(B) && ((s = B.create) === null || s === void 0 || s.call(B, P, l), B.insert && o.push(l));
    } else if (!((p = i?.experimental) === null || p === void 0) && p.fragments && l.children) {
      for (
        l.elm = ((x = r.createDocumentFragment) !== null && x !== void 0 ? x : vt)(), u = 0;
        u < n.create.length;
        ++u
      )
        n.create[u](P, l);
      for (u = 0; u < l.children.length; ++u) {
        let d = l.children[u];
        d != null && r.appendChild(l.elm, T(d, o));
      }
    } else l.elm = r.createTextNode(l.text);
    return l.elm;
  }
  function U(l, o, c, s, p, x) {
    for (; s <= p; ++s) {
      let u = c[s];
      u != null && r.insertBefore(l, T(u, x), o);
    }
  }
  function K(l) {
    var o, c;
    let s = l.data;
    if (s !== void 0) {
      (c = (o = s?.hook) === null || o === void 0 ? void 0 : o.destroy) === null || c === void 0 || c.call(o, l);
      for (let p = 0; p < n.destroy.length; ++p) n.destroy[p](l);
      if (l.children !== void 0)
        for (let p = 0; p < l.children.length; ++p) {
          let x = l.children[p];
          x != null && typeof x != 'string' && K(x);
        }
    }
  }
  function F(l, o, c, s) {
    for (var p, x; c <= s; ++c) {
      let u,
        h,
        m = o[c];
      if (m != null)
        if (b(m.sel)) {
          (K(m), (u = n.remove.length + 1), (h = v(m.elm, u)));
          for (let d = 0; d < n.remove.length; ++d) n.remove[d](m, h);
          let g =
            (x = (p = m?.data) === null || p === void 0 ? void 0 : p.hook) === null || x === void 0 ? void 0 : x.remove;
          b(g) ? g(m, h) : h();
        } else m.children ? (K(m), F(l, m.children, 0, m.children.length - 1)) : r.removeChild(l, m.elm);
    }
  }
  function nt(l, o, c, s) {
    let p = 0,
      x = 0,
      u = o.length - 1,
      h = o[0],
      m = o[u],
      g = c.length - 1,
      d = c[0],
      y = c[g],
      A,
      S,
      _,
      k;
    for (; p <= u && x <= g; )
      h == null
        ? (h = o[++p])
        : m == null
          ? (m = o[--u])
          : d == null
            ? (d = c[++x])
            : y == null
              ? (y = c[--g])
              : w(h, d)
                ? (L(h, d, s), (h = o[++p]), (d = c[++x]))
                : w(m, y)
                  ? (L(m, y, s), (m = o[--u]), (y = c[--g]))
                  : w(h, y)
                    ? (L(h, y, s), r.insertBefore(l, h.elm, r.nextSibling(m.elm)), (h = o[++p]), (y = c[--g]))
                    : w(m, d)
                      ? (L(m, d, s), r.insertBefore(l, m.elm, h.elm), (m = o[--u]), (d = c[++x]))
                      : (A === void 0 && (A = _t(o, p, u)),
                        (S = A[d.key]),
                        O(S)
                          ? (r.insertBefore(l, T(d, s), h.elm), (d = c[++x]))
                          : O(A[y.key])
                            ? (r.insertBefore(l, T(y, s), r.nextSibling(m.elm)), (y = c[--g]))
                            : ((_ = o[S]),
                              _.sel !== d.sel
                                ? r.insertBefore(l, T(d, s), h.elm)
                                : (L(_, d, s), (o[S] = void 0), r.insertBefore(l, _.elm, h.elm)),
                              (d = c[++x])));
    (x <= g && ((k = c[g + 1] == null ? null : c[g + 1].elm), U(l, k, c, x, g, s)), p <= u && F(l, o, p, u));
  }
  function L(l, o, c) {
    var s, p, x, u, h, m, g, d;
    let y = (s = o.data) === null || s === void 0 ? void 0 : s.hook;
    (p = y?.prepatch) === null || p === void 0 || p.call(y, l, o);
    let A = (o.elm = l.elm);
    if (l === o) return;
    if (o.data !== void 0 || (b(o.text) && o.text !== l.text)) {
      (((x = o.data) !== null && x !== void 0) || (o.data = {}),
        ((u = l.data) !== null && u !== void 0) || (l.data = {}));
      for (let k = 0; k < n.update.length; ++k) n.update[k](l, o);
      (g =
        (m = (h = o.data) === null || h === void 0 ? void 0 : h.hook) === null || m === void 0 ? void 0 : m.update) ===
        null ||
        g === void 0 ||
        g.call(m, l, o);
    }
    let S = l.children,
      _ = o.children;
    (O(o.text)
      ? b(S) && b(_)
        ? S !== _ && nt(A, S, _, c)
        : b(_)
          ? (b(l.text) && r.setTextContent(A, ''), U(A, null, _, 0, _.length - 1, c))
          : b(S)
            ? F(A, S, 0, S.length - 1)
            : b(l.text) && r.setTextContent(A, '')
      : l.text !== o.text && (b(S) && F(A, S, 0, S.length - 1), r.setTextContent(A, o.text)),
      (d = y?.postpatch) === null || d === void 0 || d.call(y, l, o));
  }
  return function (o, c) {
    let s,
      p,
      x,
      u = [];
    for (s = 0; s < n.pre.length; ++s) n.pre[s]();
    for (
      St(r, o) ? (o = f(o)) : At(r, o) && (o = a(o)),
        w(o, c)
          ? L(o, c, u)
          : ((p = o.elm),
            (x = r.parentNode(p)),
            T(c, u),
            x !== null && (r.insertBefore(x, c.elm, r.nextSibling(p)), F(x, [o], 0, 0))),
        s = 0;
      s < u.length;
      ++s
    )
      u[s].data.hook.insert(u[s]);
    for (s = 0; s < n.post.length; ++s) n.post[s]();
    return c;
  };
}
function I(t, e, i) {
  if (((t.ns = 'http://www.w3.org/2000/svg'), i !== 'foreignObject' && e !== void 0))
    for (let n = 0; n < e.length; ++n) {
      let r = e[n];
      if (typeof r == 'string') continue;
      let f = r.data;
      f !== void 0 && I(f, r.children, r.sel);
    }
}
function j(t, e, i) {
  let n = {},
    r,
    f,
    a;
  if (
    (i !== void 0
      ? (e !== null && (n = e), D(i) ? (r = i) : E(i) ? (f = i.toString()) : i && i.sel && (r = [i]))
      : e != null && (D(e) ? (r = e) : E(e) ? (f = e.toString()) : e && e.sel ? (r = [e]) : (n = e)),
    r !== void 0)
  )
    for (a = 0; a < r.length; ++a) E(r[a]) && (r[a] = M(void 0, void 0, void 0, r[a], void 0));
  return (t.startsWith('svg') && (t.length === 3 || t[3] === '.' || t[3] === '#') && I(n, r, t), M(t, n, r, f, void 0));
}
function H(t, e) {
  var i;
  let n = (i = e.data) === null || i === void 0 ? void 0 : i.ns;
  ((t.data.fn = e.data.fn),
    (t.data.args = e.data.args),
    (e.data = t.data),
    (e.children = t.children),
    (e.text = t.text),
    (e.elm = t.elm),
    n && I(e.data, e.children, e.sel));
}
function Tt(t) {
  let e = t.data,
    i = e.fn(...e.args);
  H(i, t);
}
function kt(t, e) {
  let i,
    n = t.data,
    r = e.data,
    f = n.args,
    a = r.args;
  if (n.fn !== r.fn || f.length !== a.length) {
    H(r.fn(...a), e);
    return;
  }
  for (i = 0; i < a.length; ++i)
    if (f[i] !== a[i]) {
      H(r.fn(...a), e);
      return;
    }
  H(t, e);
}
var J = function (e, i, n, r) {
  return (
    r === void 0 && ((r = n), (n = i), (i = void 0)),
    j(e, { key: i, hook: { init: Tt, prepatch: kt }, fn: n, args: r })
  );
};
var Ct = 'http://www.w3.org/1999/xlink',
  Nt = 'http://www.w3.org/2000/xmlns/',
  Mt = 'http://www.w3.org/XML/1998/namespace';
function Y(t, e) {
  let i,
    n = e.elm,
    r = t.data.attrs,
    f = e.data.attrs;
  if (!(!r && !f) && r !== f) {
    ((r = r || {}), (f = f || {}));
    for (i in f) {
      let a = f[i];
      r[i] !== a &&
        (a === !0
          ? n.setAttribute(i, '')
          : a === !1
            ? n.removeAttribute(i)
            : i.charCodeAt(0) !== 120
              ? n.setAttribute(i, a)
              : i.charCodeAt(3) === 58
                ? n.setAttributeNS(Mt, i, a)
                : i.charCodeAt(5) === 58
                  ? i.charCodeAt(1) === 109
                    ? n.setAttributeNS(Nt, i, a)
                    : n.setAttributeNS(Ct, i, a)
                  : n.setAttribute(i, a));
    }
    for (i in r) i in f || n.removeAttribute(i);
  }
}
var Z = { create: Y, update: Y };
function $(t, e) {
  let i,
    n,
    r = e.elm,
    f = t.data.class,
    a = e.data.class;
  if (!(!f && !a) && f !== a) {
    ((f = f || {}), (a = a || {}));
    for (n in f) f[n] && !Object.prototype.hasOwnProperty.call(a, n) && r.classList.remove(n);
    for (n in a) ((i = a[n]), i !== f[n] && r.classList[i ? 'add' : 'remove'](n));
  }
}
var Q = { create: $, update: $ };
function V(t, e, i) {
  if (typeof t == 'function') t.call(e, i, e);
  else if (typeof t == 'object') for (let n = 0; n < t.length; n++) V(t[n], e, i);
}
function Lt(t, e) {
  let i = t.type,
    n = e.data.on;
  n && n[i] && V(n[i], e, t);
}
function Dt() {
  return function t(e) {
    Lt(e, t.vnode);
  };
}
function R(t, e) {
  let i = t.data.on,
    n = t.listener,
    r = t.elm,
    f = e && e.data.on,
    a = e && e.elm,
    v;
  if (i !== f) {
    if (i && n)
      if (f) for (v in i) f[v] || r.removeEventListener(v, n, !1);
      else for (v in i) r.removeEventListener(v, n, !1);
    if (f) {
      let T = (e.listener = t.listener || Dt());
      if (((T.vnode = e), i)) for (v in f) i[v] || a.addEventListener(v, T, !1);
      else for (v in f) a.addEventListener(v, T, !1);
    }
  }
}
var tt = { create: R, update: R, destroy: R };
function et(t, e) {
  let i,
    n,
    r,
    f = e.elm,
    a = t.data.props,
    v = e.data.props;
  if (!(!a && !v) && a !== v) {
    ((a = a || {}), (v = v || {}));
    for (i in v) ((n = v[i]), (r = a[i]), r !== n && (i !== 'value' || f[i] !== n) && (f[i] = n));
  }
}
var it = { create: et, update: et };
export {
  Z as attributesModule,
  Q as classModule,
  tt as eventListenersModule,
  j as h,
  G as init,
  it as propsModule,
  J as thunk,
};
