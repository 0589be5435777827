//! The fixed action tables of `hupai.game`: one per rule family, numbering every action a seat
//! of that family can ever take, so a policy network has one output per id and a legal-action
//! mask over them.
//!
//! An action's id comes from its *code*, a number that depends on the action only (its kind, its
//! tiles' kinds and which of them is a red five), in a space shared by every family; a family's
//! table lists the codes its rules can produce, in code order, and the id is the position in that
//! list. Copies of a kind are interchangeable, so two engine actions with the same code (a chi's
//! consumed tiles written in another order) are one id. Codes, in order:
//!
//! | codes | action | one per |
//! | --- | --- | --- |
//! | 0–73 | `dahai` | tile (mjai order, red fives 34–36) × tsumogiri (false, true) |
//! | 74 | `reach` | |
//! | 75–200 | `chi` | run (1-2-3m … 7-8-9s) × position of the called tile in it (0–2) × a red five in it |
//! | 201–302 | `pon` | kind × (no red five, a red five among the consumed, the called tile red) |
//! | 303–370 | `daiminkan` | kind × the called tile red |
//! | 371–438 | `kakan` | kind × the added tile red |
//! | 439–472 | `ankan` | kind |
//! | 473–476 | `kita`, `hora`, `ryukyoku`, `none` | |

use hupai_game::{Action, GameRules, Pai};

/// Codes in all (the shared space every family's table is drawn from).
pub(crate) const CODES: usize = NONE + 1;

const REACH: usize = 74;
const CHI: usize = 75;
const PON: usize = CHI + 21 * 6;
const DAIMINKAN: usize = PON + 34 * 3;
const KAKAN: usize = DAIMINKAN + 34 * 2;
const ANKAN: usize = KAKAN + 34 * 2;
const KITA: usize = ANKAN + 34;
const HORA: usize = KITA + 1;
const RYUKYOKU: usize = KITA + 2;
const NONE: usize = KITA + 3;

/// A rule family with its own action table and feature planes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    /// Riichi for four players.
    Riichi4,
    /// Riichi for three players (no chi, no 2m–8m, north set aside).
    Riichi3,
}

impl Family {
    pub(crate) fn of(rules: &GameRules) -> Family {
        if rules.players == 3 { Family::Riichi3 } else { Family::Riichi4 }
    }

    /// The family's name, as `hupai.game` reports it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Family::Riichi4 => "riichi4",
            Family::Riichi3 => "riichi3",
        }
    }

    pub(crate) fn players(self) -> usize {
        match self {
            Family::Riichi4 => 4,
            Family::Riichi3 => 3,
        }
    }

    /// True if the family's wall holds tiles of this kind (0–33).
    fn has_kind(self, kind: usize) -> bool {
        !(self == Family::Riichi3 && (1..=7).contains(&kind))
    }

    /// True if the family's wall can hold the red five of this kind's suit.
    fn has_red(self, kind: usize) -> bool {
        kind < 27 && kind % 9 == 4 && !(self == Family::Riichi3 && kind == 4)
    }
}

fn kind(pai: Pai) -> usize {
    pai.kind_index()
}

/// The code of an engine action (see the module's table).
pub(crate) fn code(action: &Action) -> usize {
    match *action {
        Action::Dahai { pai, tsumogiri } => usize::from(pai.index().min(36)) * 2 + usize::from(tsumogiri),
        Action::Reach => REACH,
        Action::Chi { pai, consumed } => {
            let low = kind(pai).min(kind(consumed[0])).min(kind(consumed[1]));
            let position = kind(pai) - low;
            let red = pai.is_red() || consumed.iter().any(|c| c.is_red());
            let suit_low = (low / 9) * 7 + (low % 9).min(6);
            CHI + suit_low * 6 + position.min(2) * 2 + usize::from(red)
        }
        Action::Pon { pai, consumed } => {
            let variant = if pai.is_red() {
                2
            } else if consumed.iter().any(|c| c.is_red()) {
                1
            } else {
                0
            };
            PON + kind(pai).min(33) * 3 + variant
        }
        Action::Daiminkan { pai, .. } => DAIMINKAN + kind(pai).min(33) * 2 + usize::from(pai.is_red()),
        Action::Kakan { pai } => KAKAN + kind(pai).min(33) * 2 + usize::from(pai.is_red()),
        Action::Ankan { consumed } => ANKAN + kind(consumed[0]).min(33),
        Action::Kita => KITA,
        Action::Hora => HORA,
        Action::Ryukyoku => RYUKYOKU,
        _ => NONE,
    }
}

fn pai(kind: usize, red: bool) -> Pai {
    Pai::with_red(hupai::Tile::ALL[kind], red)
}

/// The action a code names, in one canonical form (the consumed tiles in a fixed order), and
/// whether `family`'s rules can ever produce it.
fn action_of(code: usize, family: Family) -> Option<Action> {
    let three = family == Family::Riichi3;
    match code {
        0..REACH => {
            let p = Pai::from_index((code / 2) as u8)?;
            let ok = family.has_kind(kind(p)) && (!p.is_red() || family.has_red(kind(p)));
            ok.then_some(Action::Dahai { pai: p, tsumogiri: code % 2 == 1 })
        }
        REACH => Some(Action::Reach),
        CHI..PON => {
            let i = code - CHI;
            if three || i / 6 >= 21 {
                return None;
            }
            let (run, position, red) = (i / 6, (i / 2) % 3, i % 2 == 1);
            let low = (run / 7) * 9 + run % 7;
            let five = (low..low + 3).find(|&k| k % 9 == 4);
            if red && five.is_none() {
                return None;
            }
            let tile = |k: usize| pai(k, red && Some(k) == five);
            let called = low + position;
            let mut consumed = (low..low + 3).filter(|&k| k != called).map(tile);
            Some(Action::Chi { pai: tile(called), consumed: [consumed.next()?, consumed.next()?] })
        }
        PON..DAIMINKAN => {
            let (k, variant) = ((code - PON) / 3, (code - PON) % 3);
            if !family.has_kind(k) || (variant > 0 && !family.has_red(k)) {
                return None;
            }
            let consumed = [pai(k, variant == 1), pai(k, false)];
            Some(Action::Pon { pai: pai(k, variant == 2), consumed })
        }
        DAIMINKAN..KAKAN => {
            let (k, red) = ((code - DAIMINKAN) / 2, (code - DAIMINKAN) % 2 == 1);
            if !family.has_kind(k) || (red && !family.has_red(k)) {
                return None;
            }
            let consumed = [pai(k, !red && family.has_red(k)), pai(k, false), pai(k, false)];
            Some(Action::Daiminkan { pai: pai(k, red), consumed })
        }
        KAKAN..ANKAN => {
            let (k, red) = ((code - KAKAN) / 2, (code - KAKAN) % 2 == 1);
            let ok = family.has_kind(k) && (!red || family.has_red(k));
            ok.then(|| Action::Kakan { pai: pai(k, red) })
        }
        ANKAN..KITA => {
            let k = code - ANKAN;
            let red = family.has_red(k);
            family
                .has_kind(k)
                .then(|| Action::Ankan { consumed: [pai(k, red), pai(k, false), pai(k, false), pai(k, false)] })
        }
        KITA => three.then_some(Action::Kita),
        HORA => Some(Action::Hora),
        RYUKYOKU => Some(Action::Ryukyoku),
        NONE => Some(Action::None),
        _ => None,
    }
}

/// One family's table: its actions by id and the id of every code.
#[derive(Debug)]
pub(crate) struct ActionTable {
    pub(crate) family: Family,
    /// The canonical action of each id.
    pub(crate) actions: Vec<Action>,
    /// The id of each code; `u16::MAX` for codes the family never produces.
    ids: [u16; CODES],
}

impl ActionTable {
    fn build(family: Family) -> ActionTable {
        let mut actions = Vec::new();
        let mut ids = [u16::MAX; CODES];
        for (code, id) in ids.iter_mut().enumerate() {
            if let Some(action) = action_of(code, family) {
                debug_assert_eq!(self::code(&action), code);
                *id = actions.len() as u16;
                actions.push(action);
            }
        }
        ActionTable { family, actions, ids }
    }

    /// The table of `family` (built once per process).
    pub(crate) fn of(family: Family) -> &'static ActionTable {
        use std::sync::OnceLock;
        static TABLES: [OnceLock<ActionTable>; 2] = [OnceLock::new(), OnceLock::new()];
        let slot = match family {
            Family::Riichi4 => 0,
            Family::Riichi3 => 1,
        };
        TABLES[slot].get_or_init(|| ActionTable::build(family))
    }

    /// Actions in the table.
    pub(crate) fn len(&self) -> usize {
        self.actions.len()
    }

    /// The id of an engine action, if the family's table holds it.
    pub(crate) fn id(&self, action: &Action) -> Option<u16> {
        let id = self.ids[code(action)];
        (id != u16::MAX).then_some(id)
    }
}
