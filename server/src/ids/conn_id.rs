//! A connection's id: a socket (or a long HTTP answer) as the task that serves it knows it, a room's or
//! the lobby's. Counted up by its owner from 1, never reused while the owner lives, and never a secret
//! (it does not leave the server but for the cluster's relays).

/// A connection of a room or of the lobby, unique within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct ConnId(u64);

impl ConnId {
    /// The first id an owner hands out.
    pub const FIRST: ConnId = ConnId(1);

    /// The id numbered `n`, as another node's relay or a frame header carries it.
    pub fn from_raw(n: u64) -> ConnId {
        ConnId(n)
    }

    /// This id, and the owner's next one.
    pub fn take(&mut self) -> ConnId {
        let id = *self;
        self.0 += 1;
        id
    }
}

impl std::fmt::Display for ConnId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_count_up_from_one() {
        let mut next = ConnId::FIRST;
        assert_eq!((next.take(), next.take(), next), (ConnId(1), ConnId(2), ConnId(3)));
        assert_eq!(serde_json::to_string(&ConnId(7)).unwrap(), "7");
    }
}
