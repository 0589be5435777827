//! Chinese Official (GB, 国标麻将) scoring: the 81 fans of the Green Book with their exclusion
//! rules, flowers and the 8-fan minimum.
//!
//! A hand is read every way it can be (four sets and a pair, seven pairs, thirteen orphans, the
//! knitted forms), each reading scored with the exclusion rules (不重复, 不拆移, 不得相同, 就高不就低,
//! 套算一次), and the reading that scores most is reported. The default follows the reference
//! calculator that GB servers and the Botzone / IJCAI competitions use (ChineseOfficialMahjongHelper,
//! which PyMahjongGB wraps), so a server and its bots agree; where it departs from the Green Book
//! an option gives the book's reading ([`Options`]). The details, with checked examples, are in
//! `docs/scoring-gb.md`.
//!
//! ```
//! use hupai_score::{Situation, gb};
//!
//! let hand = "123m456p789s11122z".parse()?;
//! let situation = Situation::new(hand, "2z".parse()?);
//! let score = gb::score(&situation, &gb::Options::default())?;
//! // 花龙 8, 圈风刻 2 and 门风刻 2 (east pung, east seat in the east round), 门前清 2, 单钓将 1.
//! assert_eq!(score.fan, 15);
//! assert_eq!(score.fans[0].kind(), gb::Fan::MixedStraight);
//! assert!(score.enough);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod describe;
mod divide;
mod exclusions;
pub mod fan;
mod kinds;
mod sets;
mod special;
mod standard;
mod waits;

use std::cell::Cell;
use std::collections::HashSet;
use std::fmt;

use arrayvec::ArrayVec;
use hupai::{Hand, HandShape, MAX_MELDS, Meld, Rules, Tile, TileCounts};
use serde_json::Value;

pub use fan::Fan;

use crate::{ScoreError, Situation};
use kinds::{Concrete, Kind, Set, kind};
use waits::Wait;

/// GB scoring options. The default is the reference calculator's reading.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// One concealed and one melded kong: the reference's 明暗杠 (5 fans, `false`, the default)
    /// or the Green Book's 暗杠 + 明杠 (2 + 1, `true`; JSON `"kongs": "book"`).
    pub kongs_as_book: bool,
    /// The fewest fans a win needs, flowers not counted (8); `enough` reports it.
    pub minimum: u32,
    /// Which kinds count as waits for 边张 / 嵌张 / 单钓将 (the hand must have waited on the
    /// winning tile alone): `false` (the default, JSON `"waits": "reference"`) reads the waits as
    /// the reference calculator does, counting kinds the hand holds all four of, and for a
    /// concealed 组合龙 looking only at the five tiles beside the knitted straight; `true`
    /// (`"waits": "live"`) counts only kinds the hand can still draw, among the whole hand's waits.
    pub live_waits: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { kongs_as_book: false, minimum: 8, live_waits: false }
    }
}

impl Options {
    /// The Green Book's reading wherever the reference departs from it.
    pub fn book() -> Options {
        Options { kongs_as_book: true, ..Options::default() }
    }

    /// These options with the keys of a JSON `options` object applied: `"kongs"`
    /// (`"reference"` or `"book"`), `"waits"` (`"reference"` or `"live"`) and `"minimum"` (a whole
    /// number).
    pub fn with_json(&self, options: &Value) -> Result<Options, ScoreError> {
        let Value::Object(map) = options else {
            return Err(ScoreError::key("options", format!("expected an object, found {options}")));
        };
        let mut o = self.clone();
        for (key, value) in map {
            match key.as_str() {
                "kongs" => {
                    o.kongs_as_book = match value.as_str() {
                        Some("reference") => false,
                        Some("book") => true,
                        _ => {
                            return Err(ScoreError::key(
                                "options.kongs",
                                format!("expected \"reference\" or \"book\", found {value}"),
                            ));
                        }
                    }
                }
                "waits" => {
                    o.live_waits = match value.as_str() {
                        Some("reference") => false,
                        Some("live") => true,
                        _ => {
                            return Err(ScoreError::key(
                                "options.waits",
                                format!("expected \"reference\" or \"live\", found {value}"),
                            ));
                        }
                    }
                }
                "minimum" => {
                    o.minimum = value.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
                        ScoreError::key("options.minimum", format!("expected a whole number, found {value}"))
                    })?;
                }
                other => {
                    return Err(ScoreError::key(
                        format!("options.{other}"),
                        "unknown GB option; the options are kongs, waits, minimum",
                    ));
                }
            }
        }
        Ok(o)
    }
}

/// A GB score, serialized as the `hupai score` answer line:
/// `{"fan", "fans": [{"id", "name", "fan", "count"}], "enough", "reading"}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct Score {
    /// The total, flowers included.
    pub fan: u32,
    /// Each fan counted, in number order, with how many times it counts.
    #[serde(serialize_with = "fans_as_list")]
    pub fans: Fans,
    /// The total without flowers reaches the minimum (8 by default).
    pub enough: bool,
    /// The reading that scored: its sets and pair (declared melds in brackets, concealed kongs in
    /// parentheses) or its special form, wildcards shown as what they became. Written out in
    /// words when printed or serialized (`to_string()`), so scoring never formats text.
    pub reading: Reading,
}

/// The reading a GB score was counted on, printed and serialized in words, e.g.
/// `22z 123m 456p 789s [555z]`: the pair and the concealed sets in tile order, then the declared
/// melds, or the special form's tiles. Two readings are equal when their words are.
#[derive(Clone)]
pub struct Reading {
    hand: Concrete,
    melds: ArrayVec<Meld, MAX_MELDS>,
    chosen: describe::Chosen,
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&describe::describe(&self.hand, &self.melds, &self.chosen))
    }
}

impl fmt::Debug for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_string(), f)
    }
}

impl PartialEq for Reading {
    fn eq(&self, other: &Reading) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Reading {}

impl serde::Serialize for Reading {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The fans of a score, in number order: held inline up to sixteen (a hand counts fewer as a
/// rule), so that a score allocates nothing; a list like any other (`iter`, `len`, indexing).
pub type Fans = smallvec::SmallVec<[FanCount; 16]>;

/// `fans` serialized as the list it is.
fn fans_as_list<S: serde::Serializer>(fans: &Fans, serializer: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(fans.as_slice(), serializer)
}

/// One fan of a score, serialized as `{"id", "name", "fan", "count"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct FanCount {
    /// The fan's number (1–81; 82 for the reference's 明暗杠).
    pub id: u8,
    /// What one occurrence is worth.
    pub fan: u16,
    /// How many times it counts.
    pub count: u16,
}

impl FanCount {
    /// The fan itself.
    pub fn kind(&self) -> Fan {
        Fan::from_id(self.id).unwrap_or(Fan::ChickenHand)
    }

    /// The English name ([`Fan::name_zh`] has the Chinese).
    pub fn name(&self) -> &'static str {
        self.kind().name_en()
    }
}

impl serde::Serialize for FanCount {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("FanCount", 4)?;
        s.serialize_field("id", &self.id)?;
        s.serialize_field("name", self.name())?;
        s.serialize_field("fan", &self.fan)?;
        s.serialize_field("count", &self.count)?;
        s.end()
    }
}

/// What a reading is scored with: the hand and how it won.
pub(crate) struct Context<'a> {
    pub hand: &'a Concrete,
    /// Every tile of the hand (kongs as four).
    pub all_tiles: [u8; 34],
    /// The kinds the hand holds, one bit each.
    pub held: u64,
    pub tsumo: bool,
    pub last_copy: bool,
    /// 妙手回春 / 海底捞月.
    pub last_tile: bool,
    /// 杠上开花 / 抢杠和.
    pub kong: bool,
    pub seat: Kind,
    pub round: Kind,
    pub options: &'a Options,
    /// The hand with its declared melds as written, for the knitted straight's waits.
    melds: &'a [Meld],
    wait: Cell<Option<Wait>>,
}

impl Context<'_> {
    /// The wait before the win, computed once.
    pub(crate) fn wait(&self) -> Wait {
        if let Some(w) = self.wait.get() {
            return w;
        }
        let w = waits::standard_wait(self.hand, !self.options.live_waits);
        self.wait.set(Some(w));
        w
    }

    /// The wait of a concealed knitted straight hand: as the reference reads it (`rest`: the five
    /// tiles beside the knitted straight), or with live waits from `hupai::waits` (every form counts).
    pub(crate) fn knitted_wait(&self, rest: &[u8; 34]) -> Wait {
        if !self.options.live_waits {
            return waits::knitted_rest_wait(rest, self.hand.win);
        }
        let mut counts = TileCounts::EMPTY;
        for (k, &n) in self.hand.concealed.iter().enumerate() {
            counts[kinds::tile(k as Kind)] = n;
        }
        counts[kinds::tile(self.hand.win)] -= 1;
        let Ok(before) = Hand::new(counts, 0, self.melds) else {
            return Wait::Several;
        };
        match hupai::waits(&before, &Rules::GB) {
            Ok(w) if w.len() == 1 => Wait::Unique,
            _ => Wait::Several,
        }
    }
}

/// The most wildcards a scored hand may hold: every winning assignment is scored, and their
/// number grows fast (8 take well under a second, 13 take seconds and half a gigabyte).
pub const MAX_WILDCARDS: u8 = 8;

/// How the hand won, checked: the flags that apply to GB.
#[derive(Debug, Clone, Copy)]
struct HowWon {
    tsumo: bool,
    last_copy: bool,
    last_tile: bool,
    kong: bool,
    seat: Kind,
    round: Kind,
}

/// Scores a situation under GB rules: the reading that scores most, with flowers; an error for a
/// hand that does not win or a situation that cannot happen.
pub fn score(situation: &Situation, options: &Options) -> Result<Score, ScoreError> {
    check_keys(situation)?;
    let hand = &situation.hand;
    match hand.shape(&Rules::GB)? {
        HandShape::Complete => {}
        HandShape::OneShort => {
            return Err(ScoreError::NoWin(format!(
                "{hand} is one tile short; give the complete hand, the winning tile included"
            )));
        }
    }
    let flowers = flowers(situation)?;
    let how = check_flags(situation)?;
    let w = situation.win;
    if hand.concealed()[w] == 0 && hand.wildcards() == 0 {
        return Err(ScoreError::Impossible(format!("the winning tile {w} is not among the hand's concealed tiles")));
    }
    if situation.chankan
        && let Some(m) = hand.melds().iter().find(|m| m.tiles().contains(&w))
    {
        return Err(ScoreError::Impossible(format!(
            "chankan: the kong robbed is of {w}, but the hand's meld {m} holds one"
        )));
    }
    if (situation.chankan || situation.last_copy) && hand.concealed()[w] >= 2 {
        let key = if situation.chankan { "chankan" } else { "last_copy" };
        return Err(ScoreError::Impossible(format!(
            "{key}: the hand holds another {w} besides the winning tile, so it cannot be the last copy"
        )));
    }

    let declared: ArrayVec<Set, 4> = hand.melds().iter().map(|&m| Set::declared(m)).collect();
    let mut best: Option<(u32, fan::FanTable, Reading)> = None;
    let melds: ArrayVec<Meld, MAX_MELDS> = hand.melds().iter().copied().collect();
    if hand.wildcards() == 0 {
        let concrete = Concrete { concealed: to_kinds(hand.concealed()), declared, win: kind(w) };
        best = score_concrete(&concrete, hand.melds(), how, options)
            .map(|(total, t, chosen)| (total, t, Reading { hand: concrete, melds, chosen }));
    } else {
        if hand.wildcards() > MAX_WILDCARDS {
            return Err(ScoreError::Unsupported(format!(
                "GB scoring tries every assignment of the wildcards and takes at most {MAX_WILDCARDS}; this hand has {}",
                hand.wildcards()
            )));
        }
        // Each assignment of the wildcards that wins is one of the decompositions' tile sets.
        let mut seen: HashSet<[u8; 34]> = HashSet::new();
        for d in hupai::decompositions(hand, &Rules::GB)? {
            let concealed = to_kinds(&d.counts());
            if !seen.insert(concealed) {
                continue;
            }
            let held_win = concealed[usize::from(kind(w))];
            if held_win == 0 || ((situation.chankan || situation.last_copy) && held_win >= 2) {
                continue;
            }
            let concrete = Concrete { concealed, declared: declared.clone(), win: kind(w) };
            if let Some((total, t, chosen)) = score_concrete(&concrete, hand.melds(), how, options)
                && best.as_ref().is_none_or(|b| total > b.0)
            {
                best = Some((total, t, Reading { hand: concrete, melds: melds.clone(), chosen }));
            }
        }
    }
    let Some((total, mut table, reading)) = best else {
        return Err(ScoreError::NoWin(format!("{hand} is not a complete winning hand with the winning tile {w}")));
    };
    table.set(Fan::FlowerTiles, flowers);
    // Entry 0 of the table is no fan and is never set.
    let fans: Fans = table
        .iter()
        .filter_map(|(i, n)| {
            let f = fan::ALL.get(i.checked_sub(1)?)?;
            Some(FanCount { id: f.id(), fan: f.value(), count: u16::from(n) })
        })
        .collect();
    Ok(Score { fan: total + u32::from(flowers), fans, enough: total >= options.minimum, reading })
}

/// Scores a concrete hand: the best reading, its total (without flowers) and what it read as.
fn score_concrete(
    hand: &Concrete,
    melds: &[Meld],
    how: HowWon,
    options: &Options,
) -> Option<(u32, fan::FanTable, describe::Chosen)> {
    let all_tiles = hand.all_tiles();
    // Three copies of the winning tile in the declared melds: it is the last copy.
    let w = usize::from(hand.win);
    let last_copy = how.last_copy || all_tiles[w] - hand.concealed[w] == 3;
    let ctx = Context {
        hand,
        all_tiles,
        held: standard::presence(&all_tiles),
        tsumo: how.tsumo,
        last_copy,
        last_tile: how.last_tile,
        kong: how.kong,
        seat: how.seat,
        round: how.round,
        options,
        melds,
        wait: Cell::new(None),
    };
    // The special forms first, in the reference's order; a hand read as one of them is not read
    // as sets and a pair, except seven pairs, which may score more that way.
    let special = if hand.declared.is_empty() {
        special::special_forms(&ctx).or_else(|| special::knitted_straight(&ctx)).or_else(|| special::nine_gates(&ctx))
    } else {
        special::knitted_straight(&ctx)
    };
    let seven_pairs = special.as_ref().is_some_and(|(t, _)| t.has(Fan::SevenPairs));
    let mut best: Option<(u32, fan::FanTable, describe::Chosen)> =
        special.map(|(t, form)| (t.total(), t, describe::Chosen::Special(form)));
    if best.is_none() || seven_pairs {
        // Read in place: the list of readings is some hundreds of bytes, not worth moving.
        let divisions = divide::divisions(&hand.concealed, 4 - hand.declared.len());
        for &d in &divisions {
            let mut sets = [Set::concealed(kinds::Shape::Pung, 0); 4];
            let n = hand.declared.len();
            sets[..n].copy_from_slice(&hand.declared);
            sets[n..].copy_from_slice(d.sets());
            let t = standard::score(&ctx, sets, d.pair);
            let total = t.total();
            // Between equal totals the reference prefers a reading with 一色三同顺 or 三同刻, and
            // sets and a pair over seven pairs.
            let better = match &best {
                None => true,
                Some((b, ..)) => {
                    total > *b || (total == *b && (seven_pairs || t.has(Fan::PureTripleChow) || t.has(Fan::TriplePung)))
                }
            };
            if better {
                best = Some((total, t, describe::Chosen::Sets(d)));
            }
        }
    }
    best
}

/// Situation keys of other rule sets must not be set: a GB score would silently ignore them.
fn check_keys(s: &Situation) -> Result<(), ScoreError> {
    // A table of tests, not an array of answers built per call: a GB situation rarely sets any.
    type IsSet = fn(&Situation) -> bool;
    const NOT_GB: [(&str, IsSet); 13] = [
        ("riichi", |s| s.riichi),
        ("double_riichi", |s| s.double_riichi),
        ("ippatsu", |s| s.ippatsu),
        ("tenhou", |s| s.tenhou),
        ("chiihou", |s| s.chiihou),
        ("renhou", |s| s.renhou),
        ("dora", |s| !s.dora.is_empty()),
        ("ura", |s| !s.ura.is_empty()),
        ("honba", |s| s.honba != 0),
        ("kyotaku", |s| s.kyotaku != 0),
        ("nuki", |s| s.nuki != 0),
        ("birds", |s| !s.birds.is_empty()),
        ("after_kong_discard", |s| s.after_kong_discard),
    ];
    match NOT_GB.iter().find(|(_, set)| set(s)) {
        Some((key, _)) => Err(ScoreError::key(
            *key,
            "not part of GB scoring (the GB keys are hand, win, tsumo, rinshan, chankan, haitei, houtei, last_copy, flowers, seat, round)",
        )),
        None => Ok(()),
    }
}

/// The flowers: the `flowers` key, or the bonus tiles written in the hand (they must agree).
fn flowers(s: &Situation) -> Result<u8, ScoreError> {
    let written = s.hand.bonus().len() as u8;
    if written > 0 && s.flowers > 0 && written != s.flowers {
        return Err(ScoreError::key(
            "flowers",
            format!("{} flowers, but the hand holds {written} bonus tiles", s.flowers),
        ));
    }
    Ok(s.flowers.max(written))
}

/// The win flags, checked against each other.
fn check_flags(s: &Situation) -> Result<HowWon, ScoreError> {
    let impossible = |why: &str| Err(ScoreError::Impossible(why.into()));
    if s.rinshan && !s.tsumo {
        return impossible(
            "rinshan (杠上开花) is a win on the replacement tile drawn after a kong: tsumo must be true",
        );
    }
    if s.rinshan && !s.hand.melds().iter().any(|m| m.is_kan()) {
        return impossible("rinshan (杠上开花) needs a kong in the hand");
    }
    if s.chankan && s.tsumo {
        return impossible("chankan (抢杠和) is a win on a tile another player adds to a pung: tsumo must be false");
    }
    if s.haitei && !s.tsumo {
        return impossible("haitei (妙手回春) is a win drawing the wall's last tile: tsumo must be true");
    }
    if s.houtei && s.tsumo {
        return impossible("houtei (海底捞月) is a win on the last discard: tsumo must be false");
    }
    Ok(HowWon {
        tsumo: s.tsumo,
        last_copy: s.last_copy,
        last_tile: s.haitei || s.houtei,
        kong: s.rinshan || s.chankan,
        seat: kind(s.seat),
        round: kind(s.round),
    })
}

/// Counts in tile order as counts in scoring order.
fn to_kinds(c: &TileCounts) -> [u8; 34] {
    const KIND_OF: [usize; 34] = {
        let mut k = [0; 34];
        let mut i = 0;
        while i < 34 {
            k[i] = kind(Tile::ALL[i]) as usize;
            i += 1;
        }
        k
    };
    let mut out = [0u8; 34];
    for (i, &n) in c.0.iter().enumerate() {
        out[KIND_OF[i]] = n;
    }
    out
}
