//! Maximum matching in a general graph (Edmonds' blossom algorithm, O(V³)).
//!
//! Both pairing systems use it as an oracle: a greedy pairing that commits to a pair only when the players
//! left over can still all be paired (a perfect matching of the rest exists) never paints itself into a
//! corner, so the greedy never needs to backtrack and stays polynomial even when almost every pair is
//! forbidden (small fields late in a Swiss).

/// A maximum matching of the graph on `0..n` whose edges are the pairs for which `edge` is true (it must be
/// symmetric): `mate[v]` is `v`'s partner.
pub(crate) fn maximum_matching(n: usize, edge: impl Fn(usize, usize) -> bool) -> Vec<Option<usize>> {
    let adj: Vec<Vec<usize>> = (0..n).map(|v| (0..n).filter(|&w| w != v && edge(v, w)).collect()).collect();
    let mut blossom = Blossom::new(adj);
    // A greedy start leaves few vertices for the (more expensive) augmenting-path searches.
    for v in 0..n {
        if blossom.mate[v].is_none()
            && let Some(&w) = blossom.adj[v].iter().find(|&&w| blossom.mate[w].is_none())
        {
            blossom.mate[v] = Some(w);
            blossom.mate[w] = Some(v);
        }
    }
    for root in 0..n {
        if blossom.mate[root].is_none()
            && let Some(end) = blossom.find_path(root)
        {
            blossom.augment(end);
        }
    }
    blossom.mate
}

/// Whether the graph has a perfect matching; answers one (`mate`) when it has.
pub(crate) fn perfect_matching(n: usize, edge: impl Fn(usize, usize) -> bool) -> Option<Vec<usize>> {
    maximum_matching(n, edge).into_iter().collect()
}

#[derive(Debug)]
struct Blossom {
    adj: Vec<Vec<usize>>,
    mate: Vec<Option<usize>>,
    /// The vertex before each in the alternating tree being grown.
    parent: Vec<Option<usize>>,
    /// The base of the blossom each vertex has been contracted into (itself when none).
    base: Vec<usize>,
    in_tree: Vec<bool>,
}

impl Blossom {
    fn new(adj: Vec<Vec<usize>>) -> Self {
        let n = adj.len();
        Blossom { adj, mate: vec![None; n], parent: vec![None; n], base: (0..n).collect(), in_tree: vec![false; n] }
    }

    /// Grows an alternating tree from the unmatched `root`; answers the unmatched vertex an augmenting path
    /// ends at.
    fn find_path(&mut self, root: usize) -> Option<usize> {
        let n = self.adj.len();
        self.in_tree.fill(false);
        self.parent.fill(None);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.in_tree[root] = true;
        let mut queue = std::collections::VecDeque::from([root]);
        while let Some(v) = queue.pop_front() {
            for i in 0..self.adj[v].len() {
                let to = self.adj[v][i];
                if self.base[v] == self.base[to] || self.mate[v] == Some(to) {
                    continue;
                }
                let odd_cycle = to == root || self.mate[to].is_some_and(|m| self.parent[m].is_some());
                if odd_cycle {
                    let lca = self.lca(v, to);
                    let mut in_blossom = vec![false; n];
                    self.mark_path(v, lca, to, &mut in_blossom);
                    self.mark_path(to, lca, v, &mut in_blossom);
                    for u in 0..n {
                        if in_blossom[self.base[u]] {
                            self.base[u] = lca;
                            if !self.in_tree[u] {
                                self.in_tree[u] = true;
                                queue.push_back(u);
                            }
                        }
                    }
                } else if self.parent[to].is_none() {
                    self.parent[to] = Some(v);
                    let Some(m) = self.mate[to] else { return Some(to) };
                    self.in_tree[m] = true;
                    queue.push_back(m);
                }
            }
        }
        None
    }

    /// The base of the lowest common ancestor of `a` and `b` in the alternating tree.
    fn lca(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.adj.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            match self.mate[a].and_then(|m| self.parent[m]) {
                Some(p) => a = p,
                None => break,
            }
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b].expect("a tree vertex below the root is matched")]
                .expect("a matched tree vertex has a parent");
        }
    }

    fn mark_path(&mut self, mut v: usize, lca: usize, mut child: usize, in_blossom: &mut [bool]) {
        while self.base[v] != lca {
            let m = self.mate[v].expect("a blossom vertex off its base is matched");
            in_blossom[self.base[v]] = true;
            in_blossom[self.base[m]] = true;
            self.parent[v] = Some(child);
            child = m;
            v = self.parent[m].expect("a matched tree vertex has a parent");
        }
    }

    /// Flips the matching along the path found, ending at the unmatched `v`.
    fn augment(&mut self, mut v: usize) {
        loop {
            let pv = self.parent[v].expect("a path vertex has a parent");
            let next = self.mate[pv];
            self.mate[v] = Some(pv);
            self.mate[pv] = Some(v);
            match next {
                Some(n) => v = n,
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The size of a maximum matching by trying everything (small graphs only).
    fn brute_force(n: usize, edges: &[Vec<bool>], used: &mut Vec<bool>) -> usize {
        let Some(v) = (0..n).find(|&v| !used[v]) else { return 0 };
        used[v] = true;
        let mut best = brute_force(n, edges, used);
        for w in 0..n {
            if !used[w] && edges[v][w] {
                used[w] = true;
                best = best.max(1 + brute_force(n, edges, used));
                used[w] = false;
            }
        }
        used[v] = false;
        best
    }

    #[test]
    fn an_odd_cycle_is_contracted() {
        // A triangle with a pendant at each corner: the greedy start takes 0-1 and 2-3, and only an augmenting
        // path (4-0-1-5) reaches the one perfect matching.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (1, 5)];
        let edge = |a: usize, b: usize| edges.iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b));
        let mate = perfect_matching(6, edge).expect("0-4, 1-5, 2-3");
        assert_eq!(mate, vec![4, 5, 3, 2, 0, 1]);
    }

    proptest! {
        #[test]
        fn matches_brute_force(n in 0usize..10, bits in proptest::collection::vec(any::<bool>(), 100)) {
            let edges: Vec<Vec<bool>> =
                (0..n).map(|a| (0..n).map(|b| a != b && bits[a.min(b) * 10 + a.max(b)]).collect()).collect();
            let mate = maximum_matching(n, |a, b| edges[a][b]);
            for (v, m) in mate.iter().enumerate() {
                if let Some(w) = *m {
                    prop_assert!(edges[v][w]);
                    prop_assert_eq!(mate[w], Some(v));
                }
            }
            let size = mate.iter().flatten().count() / 2;
            prop_assert_eq!(size, brute_force(n, &edges, &mut vec![false; n]));
        }
    }
}
