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
//! | 477–503 | `huansanzhang` | suited kind (1m … 9s) |
//! | 504–506 | `dingque` | suit (m, p, s) |
//! | 507 | `qishouhu` | |
//! | 508–534 | `kaigang` | suited kind (1m … 9s) |
//! | 535 | `haidi` | |
//!
//! A family is one [`Family`] value: which tiles its wall holds, which of them are wild (never
//! discarded or melded), and which kinds of action its rules have. Its table follows from that.
//! A family with actions of its own (Sichuan's exchange of tiles and declared void suit,
//! Changsha's small wins of the deal, 开杠 and 海底) appends their codes after 476 and names them in
//! its `Family`; the tables of the other families, and so their ids, do not change.

use hupai_game::{Action, GameRules, Pai};

/// Codes in all (the shared space every family's table is drawn from).
pub const CODES: usize = HAIDI + 1;

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
const EXCHANGE: usize = NONE + 1;
const DINGQUE: usize = EXCHANGE + 27;
const QISHOUHU: usize = DINGQUE + 3;
const KAIGANG: usize = QISHOUHU + 1;
const HAIDI: usize = KAIGANG + 27;

/// The kinds of action a family's rules have (bits of [`Family::actions`]).
pub mod kinds {
    /// Riichi declared.
    pub const REACH: u16 = 1 << 0;
    /// A chi (a run called from the seat before).
    pub const CHI: u16 = 1 << 1;
    /// North set aside (three players).
    pub const KITA: u16 = 1 << 2;
    /// The abortive draw a seat declares (nine terminals).
    pub const RYUKYOKU: u16 = 1 << 3;
    /// Sichuan's three tiles passed before play (`huansanzhang`).
    pub const EXCHANGE: u16 = 1 << 4;
    /// Sichuan's void suit declared before play (`dingque`).
    pub const DINGQUE: u16 = 1 << 5;
    /// Changsha's small wins of the deal (`qishouhu`).
    pub const QISHOUHU: u16 = 1 << 6;
    /// Changsha's kong with two tiles opened (`kaigang`).
    pub const KAIGANG: u16 = 1 << 7;
    /// Changsha's last tile taken (`haidi`).
    pub const HAIDI: u16 = 1 << 8;
}

/// A rule family with its own action table and feature planes: everything the tables and the
/// planes read about the family, as data.
#[derive(Debug)]
pub struct Family {
    /// The family's name, as `hupai.game` reports it.
    pub name: &'static str,
    /// Players at the table.
    pub players: usize,
    /// The tile kinds in the wall (bit `k` for kind `k`, mjai order).
    pub tiles: u64,
    /// Suits (m, p, s) whose red five is in the wall.
    pub red_fives: [bool; 3],
    /// The wild kind, never discarded nor melded, if the family has one.
    pub wildcard: Option<usize>,
    /// The kinds of action beyond those every family has (discards, pon, kans, win, pass).
    pub actions: u16,
    /// Riichi's table: dora indicators, counters and sticks.
    pub dora: bool,
    /// Flowers set aside (one plane per seat).
    pub flowers: bool,
    /// Hands in a full game, for the `round` plane (8: east and south).
    pub hands: f32,
    /// Live tiles after the deal, for the `tiles_left` plane.
    pub live_tiles: f32,
    /// What one unit of the `score` planes is worth.
    pub score_unit: f32,
}

const ALL_KINDS: u64 = (1 << 34) - 1;

/// Four-player riichi.
pub static RIICHI4: Family = Family {
    name: "riichi4",
    players: 4,
    tiles: ALL_KINDS,
    red_fives: [true; 3],
    wildcard: None,
    actions: kinds::REACH | kinds::CHI | kinds::RYUKYOKU,
    dora: true,
    flowers: false,
    hands: 8.0,
    live_tiles: 70.0,
    score_unit: 100_000.0,
};

/// Three-player riichi: no 2m–8m (so no red 5m), no chi, north set aside.
pub static RIICHI3: Family = Family {
    name: "riichi3",
    players: 3,
    tiles: ALL_KINDS & !(0b111_1111 << 1),
    red_fives: [false, true, true],
    wildcard: None,
    actions: kinds::REACH | kinds::KITA | kinds::RYUKYOKU,
    dora: true,
    flowers: false,
    hands: 8.0,
    live_tiles: 70.0,
    score_unit: 100_000.0,
};

/// The Chinese Official rules: every kind, no red fives, chow, flowers (set aside by the engine,
/// never a decision).
pub static GB: Family = Family {
    name: "gb",
    players: 4,
    tiles: ALL_KINDS,
    red_fives: [false; 3],
    wildcard: None,
    actions: kinds::CHI,
    dora: false,
    flowers: true,
    hands: 16.0,
    live_tiles: 91.0,
    score_unit: 1000.0,
};

/// Red-dragon mahjong: the three suits and the red dragon, which is wild; pung and kong only.
pub static HONGZHONG: Family = Family {
    name: "hongzhong",
    players: 4,
    tiles: ((1 << 27) - 1) | (1 << 33),
    red_fives: [false; 3],
    wildcard: Some(33),
    actions: 0,
    dora: false,
    flowers: false,
    hands: 8.0,
    live_tiles: 59.0,
    score_unit: 1000.0,
};

const SUITED_KINDS: u64 = (1 << 27) - 1;

/// Sichuan mahjong: the three suits, no chow; three tiles passed and a void suit declared before
/// play; a winner leaves the hand.
pub static SICHUAN: Family = Family {
    name: "sichuan",
    players: 4,
    tiles: SUITED_KINDS,
    red_fives: [false; 3],
    wildcard: None,
    actions: kinds::EXCHANGE | kinds::DINGQUE,
    dora: false,
    flowers: false,
    hands: 8.0,
    live_tiles: 55.0,
    score_unit: 1000.0,
};

/// Changsha mahjong: the three suits, chow, small wins of the deal, 开杠 and 海底.
pub static CHANGSHA: Family = Family {
    name: "changsha",
    players: 4,
    tiles: SUITED_KINDS,
    red_fives: [false; 3],
    wildcard: None,
    actions: kinds::CHI | kinds::QISHOUHU | kinds::KAIGANG | kinds::HAIDI,
    dora: false,
    flowers: false,
    hands: 8.0,
    live_tiles: 55.0,
    score_unit: 1000.0,
};

/// Families with a table.
pub const FAMILY_COUNT: usize = 6;

/// Every family with a table, in the order the per-family caches keep them.
pub static FAMILIES: [&Family; FAMILY_COUNT] = [&RIICHI4, &RIICHI3, &GB, &HONGZHONG, &SICHUAN, &CHANGSHA];

impl Family {
    /// The family `rules` play under, or why there is none.
    pub fn of(rules: &GameRules) -> Result<&'static Family, String> {
        use hupai_game::Family as Rules;
        match rules.family {
            Rules::Riichi if rules.players == 3 => Ok(&RIICHI3),
            Rules::Riichi => Ok(&RIICHI4),
            Rules::Gb => Ok(&GB),
            Rules::Hongzhong => Ok(&HONGZHONG),
            Rules::Sichuan => Ok(&SICHUAN),
            Rules::Changsha => Ok(&CHANGSHA),
            other => Err(format!("rules: hupai.game has no action table for the {} family yet", other.name())),
        }
    }

    /// The family's place in [`FAMILIES`].
    pub fn index(&self) -> usize {
        FAMILIES.iter().position(|&f| std::ptr::eq(f, self)).unwrap_or(0)
    }

    /// Does the family's rules have this kind of action?
    pub fn has(&self, kind: u16) -> bool {
        self.actions & kind != 0
    }

    /// True if the family's wall holds tiles of this kind (0–33) that a seat may discard or meld.
    fn playable(&self, kind: usize) -> bool {
        kind < 34 && self.tiles & (1 << kind) != 0 && self.wildcard != Some(kind)
    }

    /// True if the family's wall holds the red five of this kind's suit.
    pub fn has_red(&self, kind: usize) -> bool {
        kind < 27 && kind % 9 == 4 && self.red_fives[kind / 9]
    }

    /// True if the family has any red five.
    pub fn has_reds(&self) -> bool {
        self.red_fives.iter().any(|&r| r)
    }
}

fn kind(pai: Pai) -> usize {
    pai.kind_index()
}

/// The code of an engine action (see the module's table); `None` for an action no table numbers.
pub fn code(action: &Action) -> Option<usize> {
    Some(match *action {
        Action::Dahai { pai, tsumogiri } if pai.index() < 37 => usize::from(pai.index()) * 2 + usize::from(tsumogiri),
        Action::Reach => REACH,
        Action::Chi { pai, consumed } => {
            let low = kind(pai).min(kind(consumed[0])).min(kind(consumed[1]));
            if low >= 27 {
                return None;
            }
            let position = kind(pai) - low;
            let red = pai.is_red() || consumed.iter().any(|c| c.is_red());
            let suit_low = (low / 9) * 7 + (low % 9).min(6);
            CHI + suit_low * 6 + position.min(2) * 2 + usize::from(red)
        }
        Action::Pon { pai, consumed } if kind(pai) < 34 => {
            let variant = if pai.is_red() {
                2
            } else if consumed.iter().any(|c| c.is_red()) {
                1
            } else {
                0
            };
            PON + kind(pai) * 3 + variant
        }
        Action::Daiminkan { pai, .. } if kind(pai) < 34 => DAIMINKAN + kind(pai) * 2 + usize::from(pai.is_red()),
        Action::Kakan { pai } if kind(pai) < 34 => KAKAN + kind(pai) * 2 + usize::from(pai.is_red()),
        Action::Ankan { consumed } if kind(consumed[0]) < 34 => ANKAN + kind(consumed[0]),
        Action::Kita => KITA,
        Action::Hora => HORA,
        Action::Ryukyoku => RYUKYOKU,
        Action::None => NONE,
        Action::Exchange { pai } if kind(pai) < 27 => EXCHANGE + kind(pai),
        Action::Dingque { suit } => DINGQUE + suit_index(suit),
        Action::Qishouhu => QISHOUHU,
        Action::Kaigang { pai } if kind(pai) < 27 => KAIGANG + kind(pai),
        Action::Haidi => HAIDI,
        _ => return None,
    })
}

const SUITS: [hupai::Suit; 3] = [hupai::Suit::Man, hupai::Suit::Pin, hupai::Suit::Sou];

/// A suit's place in m, p, s order.
pub fn suit_index(suit: hupai::Suit) -> usize {
    SUITS.iter().position(|&s| s == suit).unwrap_or(0)
}

fn pai(kind: usize, red: bool) -> Pai {
    Pai::with_red(hupai::Tile::ALL[kind], red)
}

/// The action a code names, in one canonical form (the consumed tiles in a fixed order), if
/// `family`'s rules can ever produce it.
fn action_of(code: usize, family: &Family) -> Option<Action> {
    match code {
        0..REACH => {
            let p = Pai::from_index((code / 2) as u8)?;
            let ok = family.playable(kind(p)) && (!p.is_red() || family.has_red(kind(p)));
            ok.then_some(Action::Dahai { pai: p, tsumogiri: code % 2 == 1 })
        }
        REACH => family.has(kinds::REACH).then_some(Action::Reach),
        CHI..PON => {
            let i = code - CHI;
            if !family.has(kinds::CHI) {
                return None;
            }
            let (run, position, red) = (i / 6, (i / 2) % 3, i % 2 == 1);
            let low = (run / 7) * 9 + run % 7;
            if !(low..low + 3).all(|k| family.playable(k)) {
                return None;
            }
            let five = (low..low + 3).find(|&k| family.has_red(k));
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
            if !family.playable(k) || (variant > 0 && !family.has_red(k)) {
                return None;
            }
            let consumed = [pai(k, variant == 1), pai(k, false)];
            Some(Action::Pon { pai: pai(k, variant == 2), consumed })
        }
        DAIMINKAN..KAKAN => {
            let (k, red) = ((code - DAIMINKAN) / 2, (code - DAIMINKAN) % 2 == 1);
            if !family.playable(k) || (red && !family.has_red(k)) {
                return None;
            }
            let consumed = [pai(k, !red && family.has_red(k)), pai(k, false), pai(k, false)];
            Some(Action::Daiminkan { pai: pai(k, red), consumed })
        }
        KAKAN..ANKAN => {
            let (k, red) = ((code - KAKAN) / 2, (code - KAKAN) % 2 == 1);
            let ok = family.playable(k) && (!red || family.has_red(k));
            ok.then(|| Action::Kakan { pai: pai(k, red) })
        }
        ANKAN..KITA => {
            let k = code - ANKAN;
            let red = family.has_red(k);
            family
                .playable(k)
                .then(|| Action::Ankan { consumed: [pai(k, red), pai(k, false), pai(k, false), pai(k, false)] })
        }
        KITA => family.has(kinds::KITA).then_some(Action::Kita),
        HORA => Some(Action::Hora),
        RYUKYOKU => family.has(kinds::RYUKYOKU).then_some(Action::Ryukyoku),
        NONE => Some(Action::None),
        EXCHANGE..DINGQUE => {
            let k = code - EXCHANGE;
            (family.has(kinds::EXCHANGE) && family.playable(k)).then(|| Action::Exchange { pai: pai(k, false) })
        }
        DINGQUE..QISHOUHU => family.has(kinds::DINGQUE).then(|| Action::Dingque { suit: SUITS[code - DINGQUE] }),
        QISHOUHU => family.has(kinds::QISHOUHU).then_some(Action::Qishouhu),
        KAIGANG..HAIDI => {
            let k = code - KAIGANG;
            (family.has(kinds::KAIGANG) && family.playable(k)).then(|| Action::Kaigang { pai: pai(k, false) })
        }
        HAIDI => family.has(kinds::HAIDI).then_some(Action::Haidi),
        _ => None,
    }
}

/// One family's table: its actions by id and the id of every code.
#[derive(Debug)]
pub struct ActionTable {
    /// The family the table is of.
    pub family: &'static Family,
    /// The canonical action of each id.
    pub actions: Vec<Action>,
    /// The id of each code; `u16::MAX` for codes the family never produces.
    ids: [u16; CODES],
    /// The id of each discard by its code (the tile's index twice, plus one for tsumogiri), for
    /// every index a tile's byte can hold: a discard's id is one load, with no bounds to check.
    discards: [u16; 512],
}

impl ActionTable {
    fn build(family: &'static Family) -> ActionTable {
        let mut actions = Vec::new();
        let mut ids = [u16::MAX; CODES];
        for (code, id) in ids.iter_mut().enumerate() {
            if let Some(action) = action_of(code, family) {
                debug_assert_eq!(self::code(&action), Some(code));
                *id = actions.len() as u16;
                actions.push(action);
            }
        }
        let mut discards = [u16::MAX; 512];
        discards[..REACH].copy_from_slice(&ids[..REACH]);
        ActionTable { family, actions, ids, discards }
    }

    /// The table of `family` (built once per process).
    pub fn of(family: &'static Family) -> &'static ActionTable {
        use std::sync::OnceLock;
        static TABLES: [OnceLock<ActionTable>; FAMILY_COUNT] = [const { OnceLock::new() }; FAMILY_COUNT];
        let slot = family.index();
        TABLES[slot].get_or_init(|| ActionTable::build(FAMILIES[slot]))
    }

    /// The table of the family `rules` play under, or why there is none.
    pub fn for_rules(rules: &GameRules) -> Result<&'static ActionTable, String> {
        Family::of(rules).map(ActionTable::of)
    }

    /// Actions in the table.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// True if the table has no action (never: every family discards).
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// The id of an engine action, if the family's table holds it.
    #[inline]
    pub fn id(&self, action: &Action) -> Option<u16> {
        let id = self.id_or_max(action)?;
        (id != u16::MAX).then_some(id)
    }

    /// The id of an engine action; `u16::MAX` or `None` if the family's table does not hold it.
    #[inline(always)]
    pub(crate) fn id_or_max(&self, action: &Action) -> Option<u16> {
        match *action {
            // A discard, most of a turn's legal actions, as `code` numbers it, without the call.
            Action::Dahai { pai, tsumogiri } => {
                Some(self.discards[usize::from(pai.index()) * 2 + usize::from(tsumogiri)])
            }
            _ => self.ids.get(code(action)?).copied(),
        }
    }

    /// Sets `row[id]` for the id of each of `actions` the table holds (a mask row: `row` is the
    /// table's width), as `id` numbers them.
    #[inline]
    pub(crate) fn mark(&self, actions: &[Action], row: &mut [bool]) {
        debug_assert_eq!(row.len(), self.len(), "a row of the table's width");
        for action in actions {
            // An action the table does not hold is `u16::MAX`, past the end of every row: one
            // comparison skips it and keeps the write in the row.
            if let Some(cell) = self.id_or_max(action).and_then(|id| row.get_mut(usize::from(id))) {
                *cell = true;
            }
        }
    }
}
