//! The rule sets (docs/rules.md#d2-rule-sets-and-options) and their options, with the ids used everywhere
//! (API, records, CLI).

use crate::geometry::Geometry;
use crate::side::BySide;
use std::fmt;
use std::str::FromStr;

/// A rule set. The id (`Display` / `FromStr`) is the one used in records, the API and the CLI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Each player secretly chooses opening array 1 or 2, then plays it (docs/rules.md#ikibuguzo-secret-choice).
    Ikibuguzo,
    /// Ikibuguzo with array 1 fixed for both players.
    IkibuguzoOpening1,
    /// Ikibuguzo with array 2 fixed for both players.
    IkibuguzoOpening2,
    /// Kubuguza (docs/rules.md#kubuguza).
    Kubuguza,
    /// Azigo (docs/rules.md#azigo).
    Azigo,
    /// Njombwa (docs/rules.md#njombwa).
    Njombwa,
}

impl Variant {
    pub const ALL: [Variant; 6] = [
        Variant::Ikibuguzo,
        Variant::IkibuguzoOpening1,
        Variant::IkibuguzoOpening2,
        Variant::Kubuguza,
        Variant::Azigo,
        Variant::Njombwa,
    ];

    pub const fn id(self) -> &'static str {
        match self {
            Variant::Ikibuguzo => "ikibuguzo",
            Variant::IkibuguzoOpening1 => "ikibuguzo-opening-1",
            Variant::IkibuguzoOpening2 => "ikibuguzo-opening-2",
            Variant::Kubuguza => "kubuguza",
            Variant::Azigo => "azigo",
            Variant::Njombwa => "njombwa",
        }
    }

    pub const fn is_ikibuguzo(self) -> bool {
        matches!(self, Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The text is not a variant id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant `{0}` (known: ikibuguzo, ikibuguzo-opening-1, ikibuguzo-opening-2, kubuguza, azigo, njombwa)")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL.into_iter().find(|v| v.id() == s).ok_or_else(|| ParseVariantError(s.to_string()))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Variant {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Variant {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Game options (docs/rules.md#d2-rule-sets-and-options). Options that do not apply to a variant are ignored
/// by it and rejected by [`Options::validate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Options {
    /// Njombwa only: 8 (default), 9 or 10 columns.
    pub width: u8,
    /// Turns per player after which the game ends (Njombwa: draw, default 1000; Azigo: by score, default
    /// 500). `None` (the default for Ikibuguzo and Kubuguza) means no limit.
    pub turn_limit: Option<u32>,
    /// Azigo only: Murray's handicap per side (that player starts with 8 in store, 1 left in the hole).
    pub handicap: BySide<bool>,
    /// The reading of the rules a game is played under (docs/rules.md#rules-versions): [`RULES_VERSION`]
    /// for every new game. A stored game replays under the version it was played with. Version 1 is
    /// written as no field at all, as options were written before versions existed: such options read as
    /// version 1, and their JSON (a puzzle's id hashes it) stays what it was.
    #[cfg_attr(
        feature = "serde",
        serde(default = "first_rules_version", skip_serializing_if = "is_first_rules_version")
    )]
    pub rules_version: u8,
}

/// The current reading of the rules (docs/rules.md#rules-versions): 2, where a mixed Ikibuguzo opening
/// captures as Murray says. Version 1: no opening turn ever captures.
pub const RULES_VERSION: u8 = 2;

/// The version of options written before the field existed: their games were played under the first
/// reading, and replay so.
#[cfg(feature = "serde")]
fn first_rules_version() -> u8 {
    1
}

#[cfg(feature = "serde")]
fn is_first_rules_version(version: &u8) -> bool {
    *version == 1
}

impl Default for Options {
    fn default() -> Self {
        Options { width: 8, turn_limit: None, handicap: BySide::default(), rules_version: RULES_VERSION }
    }
}

impl Options {
    /// Does an opening placement that ends in opposition capture (docs/rules.md#ikibuguzo-opening-captures)?
    /// From version 2 on.
    pub const fn opening_captures(&self) -> bool {
        self.rules_version >= 2
    }
}

/// An option that the variant does not accept, or a value out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("option `width` must be 8, 9 or 10 (got {0})")]
    Width(u8),
    #[error("option `width` applies only to njombwa")]
    WidthNotApplicable,
    #[error("option `handicap` applies only to azigo")]
    HandicapNotApplicable,
    #[error("option `turn_limit` must be at least 1")]
    TurnLimitZero,
    #[error("option `rules_version` must be from 1 to {RULES_VERSION} (got {0})")]
    RulesVersion(u8),
}

impl Options {
    /// The options a new game of `variant` has when none are given.
    pub fn defaults(variant: Variant) -> Options {
        Options {
            turn_limit: match variant {
                Variant::Njombwa => Some(1000),
                Variant::Azigo => Some(500),
                Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 | Variant::Kubuguza => {
                    None
                }
            },
            ..Options::default()
        }
    }

    pub fn validate(&self, variant: Variant) -> Result<(), OptionsError> {
        if variant == Variant::Njombwa {
            if !(8..=10).contains(&self.width) {
                return Err(OptionsError::Width(self.width));
            }
        } else if self.width != 8 {
            return Err(OptionsError::WidthNotApplicable);
        }
        if variant != Variant::Azigo && (self.handicap.south || self.handicap.north) {
            return Err(OptionsError::HandicapNotApplicable);
        }
        if self.turn_limit == Some(0) {
            return Err(OptionsError::TurnLimitZero);
        }
        if !(1..=RULES_VERSION).contains(&self.rules_version) {
            return Err(OptionsError::RulesVersion(self.rules_version));
        }
        Ok(())
    }

    pub fn geometry(&self, variant: Variant) -> Geometry {
        match variant {
            Variant::Azigo => Geometry::TwoByTwenty,
            Variant::Njombwa => Geometry::FourRows(self.width),
            Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 | Variant::Kubuguza => {
                Geometry::FourRows(8)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>(), Ok(v));
            Options::defaults(v).validate(v).unwrap();
        }
        assert_eq!(
            "chess".parse::<Variant>().unwrap_err().to_string(),
            "unknown variant `chess` (known: ikibuguzo, ikibuguzo-opening-1, ikibuguzo-opening-2, kubuguza, azigo, njombwa)"
        );
    }

    #[test]
    fn options_are_checked_per_variant() {
        let wide = Options { width: 10, ..Options::defaults(Variant::Njombwa) };
        assert!(wide.validate(Variant::Njombwa).is_ok());
        assert_eq!(wide.validate(Variant::Kubuguza), Err(OptionsError::WidthNotApplicable));
        let bad = Options { width: 11, ..wide };
        assert_eq!(bad.validate(Variant::Njombwa), Err(OptionsError::Width(11)));
    }
}
