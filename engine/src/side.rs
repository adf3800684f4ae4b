//! The two sides of the board, South (the first player) and North, and a pair of values indexed by side.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// A player. South owns rows 1 and 2 (row 1 in Azigo) and always moves first
/// (docs/rules.md#d1-sides-and-hole-names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    South,
    North,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was neither `south` nor `north`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown side `{0}` (expected `south` or `north`)")]
pub struct ParseSideError(pub String);

impl FromStr for Side {
    type Err = ParseSideError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "south" => Ok(Side::South),
            "north" => Ok(Side::North),
            _ => Err(ParseSideError(s.to_string())),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Side {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// One value per side, indexed by [`Side`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySide<T> {
    pub south: T,
    pub north: T,
}

impl<T> BySide<T> {
    pub const fn new(south: T, north: T) -> Self {
        BySide { south, north }
    }

    pub fn map<U>(self, mut f: impl FnMut(Side, T) -> U) -> BySide<U> {
        BySide { south: f(Side::South, self.south), north: f(Side::North, self.north) }
    }
}

impl<T: Clone> BySide<T> {
    pub fn both(value: T) -> Self {
        BySide { south: value.clone(), north: value }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for side in Side::BOTH {
            assert_eq!(side.to_string().parse::<Side>(), Ok(side));
            assert_eq!(side.other().other(), side);
        }
        assert!("east".parse::<Side>().is_err());
    }
}
