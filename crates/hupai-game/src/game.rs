//! [`Game`]: the whole state of one game as one plain value, and the turn loop that advances it.
//!
//! The loop is the same for every rule family: a hand is dealt; the seat to move draws and
//! either wins, declares, or discards; the other seats answer the discard (a win, a call, or a
//! pass), their answers are resolved by priority, and play moves on until a win or a draw ends
//! the hand; the hand is settled, the dealer rotates or stays, and the next hand is dealt until
//! the game ends. What a rule family decides is kept in a few places ([`crate::family`]): the
//! tiles and the wall (`deal`, `draw`), which claims a discard allows ([`crate::legal`]), what a
//! win needs and pays ([`crate::settle`] for riichi), and how the match goes on (`end_hand`).
//! The turn order is the seats' places at the table ([`Game::next_in_turn`]): seat order, unless
//! the family moves the players between rounds (GB).
//!
//! Only two situations ask for decisions: a seat's own turn ([`Phase::Turn`]) and the other
//! seats' answers to a discard or an added kan ([`Phase::Claims`]). Everything else (draws,
//! dora, payments, the next deal) happens inside [`Game::apply`].

use arrayvec::ArrayVec;
use hupai::{PackedHand, Rules, Tile, TileSet};

use crate::action::{Action, Actions};
use crate::error::GameError;
use crate::event::{DrawReason, Event, Seat};
use crate::pai::{Pai, PaiCounts};
use crate::rules::{GameRules, KanDora};
use crate::wall::{ChineseWall, Wall};

/// Where a game's walls come from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WallSource {
    /// hupai's seeded shuffle ([`Wall::seeded`]): hand `k` of the game gets `Wall::seeded(seed, k)`.
    Seeded(u64),
    /// Tenhou's shuffle from a log's `SHUFFLE` seed (its generator state kept in the game).
    Tenhou(Box<crate::tenhou_shuffle::TenhouShuffle>),
    /// Walls given in order (a replay's, a test's); the game ends if they run out.
    Given(std::sync::Arc<[Wall]>),
    /// GB walls given in order (a replay's, a test's, duplicate play's); the game ends if they
    /// run out.
    GivenChinese(std::sync::Arc<[ChineseWall]>),
}

/// A declared meld as the table sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MeldRecord {
    /// What kind of meld.
    pub kind: MeldKind,
    /// Its tiles (three, or four for a kan); the called tile first for calls on a discard.
    pub pais: [Pai; 4],
    /// The seat whose discard was called (the owner for a concealed kan).
    pub from: Seat,
}

/// The kinds of declared melds, named as mjai names the calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MeldKind {
    /// A sequence called on the left player's discard.
    Chi,
    /// A triplet called on a discard.
    Pon,
    /// A kan called on a discard.
    Daiminkan,
    /// A pon with its fourth tile added.
    Kakan,
    /// A concealed kan.
    Ankan,
}

impl MeldRecord {
    /// The hupai meld.
    pub fn meld(&self) -> hupai::Meld {
        let kind = self.pais[0].kind().unwrap_or(Tile::EAST);
        match self.kind {
            MeldKind::Chi => {
                let low = self.pais[..3].iter().filter_map(|p| p.kind()).min().unwrap_or(kind);
                hupai::Meld::Chi(low)
            }
            MeldKind::Pon => hupai::Meld::Pon(kind),
            MeldKind::Daiminkan | MeldKind::Kakan => hupai::Meld::Kan(kind),
            MeldKind::Ankan => hupai::Meld::ClosedKan(kind),
        }
    }

    /// Tiles in the meld: 3, or 4 for a kan.
    pub fn len(&self) -> usize {
        if matches!(self.kind, MeldKind::Chi | MeldKind::Pon) { 3 } else { 4 }
    }

    /// Never true: a meld has tiles.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The meld's tiles.
    pub fn tiles(&self) -> &[Pai] {
        &self.pais[..self.len()]
    }
}

/// A discard in a river.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RiverTile {
    /// The tile.
    pub pai: Pai,
    /// Discarded straight after drawing it.
    pub tsumogiri: bool,
    /// The discard declaring riichi.
    pub riichi: bool,
    /// Called by another seat (it now sits in that seat's meld).
    pub called: bool,
}

/// One seat's part of the state: its tiles and what every family reads of them. What a family
/// keeps of a seat besides (riichi's declaration and furiten, the flowers set aside, Sichuan's void
/// suit) is the family's own state, asked through the seam ([`crate::family`]).
#[derive(Debug, Clone)]
pub(crate) struct Player {
    pub(crate) hand: PaiCounts,
    pub(crate) packed: PackedHand,
    pub(crate) melds: ArrayVec<MeldRecord, 4>,
    pub(crate) river: ArrayVec<RiverTile, 32>,
    /// Kinds this seat has discarded.
    pub(crate) discarded: TileSet,
    /// The waits of the hand one tile short (after a discard, a kan or a kita).
    pub(crate) waits: TileSet,
    /// Kinds that may not be discarded right after a call (kuikae).
    pub(crate) kuikae: TileSet,
    pub(crate) kans: u8,
    /// The kind of the tile drawn at this seat's turn under riichi, in `hand` but not yet in
    /// `packed` (see [`Player::settled_packed`]): half the discards are that tile, and then the
    /// packed hand is the one before the draw, with no tile added to it and taken out again.
    pub(crate) unpacked_draw: Option<Tile>,
    /// A lower bound on the shanten of the seat's concealed tiles at one of its turns, kept for
    /// the riichi check of its next turn (a cache: never part of the state, see
    /// [`crate::legal::ShantenFloor`]).
    pub(crate) shanten_floor: crate::legal::ShantenFloor,
}

/// Two seats are equal when their state is: the packed hand is compared settled (with a drawn
/// tile not yet packed added), so how far it was brought up to date does not tell two equal
/// states apart; the shanten floor is a cache and always equal.
impl PartialEq for Player {
    fn eq(&self, other: &Player) -> bool {
        let Player { hand, packed: _, melds, river, discarded, waits, kuikae, kans, unpacked_draw: _, shanten_floor } =
            self;
        *hand == other.hand
            && *self.settled_packed() == *other.settled_packed()
            && *melds == other.melds
            && *river == other.river
            && *discarded == other.discarded
            && *waits == other.waits
            && *kuikae == other.kuikae
            && *kans == other.kans
            && *shanten_floor == other.shanten_floor
    }
}

impl Player {
    pub(crate) fn new() -> Player {
        Player {
            hand: PaiCounts::EMPTY,
            packed: PackedHand::new(),
            melds: ArrayVec::new(),
            river: ArrayVec::new(),
            discarded: TileSet::EMPTY,
            waits: TileSet::EMPTY,
            kuikae: TileSet::EMPTY,
            kans: 0,
            unpacked_draw: None,
            shanten_floor: crate::legal::ShantenFloor::default(),
        }
    }

    /// The packed hand of every tile `hand` holds: `packed` with the drawn tile not yet added to
    /// it (`unpacked_draw`) added.
    pub(crate) fn settled_packed(&self) -> std::borrow::Cow<'_, PackedHand> {
        match self.unpacked_draw {
            None => std::borrow::Cow::Borrowed(&self.packed),
            Some(kind) => {
                let mut packed = self.packed.clone();
                // As the draw added it (a fifth copy is never drawn).
                let _ = packed.add(kind);
                std::borrow::Cow::Owned(packed)
            }
        }
    }

    /// The kinds the concealed tiles hold, as a bit set (bit `k` for kind `k`): `hand.held()`,
    /// read off the packed hand's census (kept as tiles come and go) with the drawn tile not yet
    /// packed added, without a pass over the counts.
    #[inline]
    pub(crate) fn held(&self) -> u64 {
        self.held_and_singles().0
    }

    /// The kinds the concealed tiles hold, and those they hold exactly once: `hand.held()` and
    /// `hand.singles()`, read as [`Player::held`] reads the first. Where the packed hand holds
    /// wildcards (Hongzhong's red dragons, tiles in `hand` but no kind's copies in `packed`) the
    /// counts answer.
    #[inline]
    pub(crate) fn held_and_singles(&self) -> (u64, u64) {
        if self.packed.wildcards() != 0 {
            return (self.hand.held(), self.hand.singles());
        }
        let twice = self.packed.held_at_least(2);
        let mut held = self.packed.held_at_least(1);
        let mut singles = held & !twice;
        if let Some(kind) = self.unpacked_draw {
            // The drawn copy makes a kind held none times held once, and a kind held once held
            // twice; a kind held twice or more stays as it was.
            let bit = 1u64 << kind.index();
            held |= bit;
            singles ^= bit & !twice;
        }
        debug_assert_eq!((held, singles), (self.hand.held(), self.hand.singles()), "{:?}", self.hand);
        (held, singles)
    }

    /// The kinds the concealed tiles hold four times: `hand.fours()`, read as [`Player::held`]
    /// reads the kinds held.
    #[inline]
    pub(crate) fn fours(&self) -> u64 {
        if self.packed.wildcards() != 0 {
            return self.hand.fours();
        }
        let mut fours = self.packed.held_at_least(4);
        if let Some(kind) = self.unpacked_draw {
            // The drawn copy makes a kind held three times held four times.
            fours |= self.packed.held_at_least(3) & 1u64 << kind.index();
        }
        debug_assert_eq!(fours, self.hand.fours(), "{:?}", self.hand);
        fours
    }

    /// Adds the drawn tile not yet in `packed` to it (as the draw would have).
    #[inline]
    pub(crate) fn settle_packed(&mut self) {
        if let Some(kind) = self.unpacked_draw.take() {
            let _ = self.packed.add(kind);
        }
    }

    pub(crate) fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| m.kind == MeldKind::Ankan)
    }

    /// Rebuilds the packed hand from the counts and melds (after a call, a kan or a deal). The
    /// copies of `wildcard`, the hand rules' wild kind if any (Hongzhong's red dragon), are kept
    /// in `hand` as tiles and in `packed` as wildcards.
    pub(crate) fn repack(&mut self, wildcard: Option<Tile>) {
        let mut kinds = self.hand.kinds;
        let mut wild = 0;
        if let Some(w) = wildcard {
            wild = std::mem::take(&mut kinds[w.index()]);
        }
        let mut packed = PackedHand::from_counts(&kinds, wild).unwrap_or_default();
        for m in &self.melds {
            // The counts never hold a fifth copy, so adding a meld cannot fail.
            let _ = packed.add_meld(m.meld());
        }
        self.packed = packed;
        // The counts hold the drawn tile: packed with the rest.
        self.unpacked_draw = None;
    }

    /// The packed hand after `kind` came in (`add`) or went out: the `wildcard` kind as a wildcard.
    /// Inline (asked at every discard), the rare repacking apart.
    #[inline(always)]
    pub(crate) fn pack_change(&mut self, kind: Tile, add: bool, wildcard: Option<Tile>) {
        self.settle_packed();
        let result = match (wildcard == Some(kind), add) {
            (true, true) => self.packed.add_wildcard(),
            (true, false) => self.packed.remove_wildcard(),
            (false, true) => self.packed.add(kind),
            (false, false) => self.packed.remove(kind),
        };
        if result.is_err() {
            self.repack_after_a_failed_change(wildcard);
        }
    }

    #[cold]
    #[inline(never)]
    fn repack_after_a_failed_change(&mut self, wildcard: Option<Tile>) {
        self.repack(wildcard);
    }

    /// The packed hand after a call took `consumed` from the hand into the meld recorded last:
    /// those tiles out and the meld in, in place of packing the whole hand again (as `repack`
    /// would, which it falls back to should a step fail).
    pub(crate) fn pack_call(&mut self, consumed: &[Pai], wildcard: Option<Tile>) {
        self.settle_packed();
        let Some(meld) = self.melds.last().map(MeldRecord::meld) else { return self.repack(wildcard) };
        let packed = &mut self.packed;
        let moved = consumed.iter().all(|c| match c.kind() {
            Some(kind) if wildcard == Some(kind) => packed.remove_wildcard().is_ok(),
            Some(kind) => packed.remove(kind).is_ok(),
            None => false,
        }) && packed.add_meld(meld).is_ok();
        if !moved {
            self.repack(wildcard);
        }
    }

    pub(crate) fn refresh_waits(&mut self, rules: &Rules) {
        self.waits = crate::family::waits(self, rules);
    }
}

/// The wall a new game holds until its first deal (`Wall::seeded(0, 0, players)`), shuffled once
/// a process for each number of players rather than for every game made.
fn placeholder_wall(players: u8) -> Wall {
    static WALLS: std::sync::OnceLock<[Wall; 2]> = std::sync::OnceLock::new();
    if !matches!(players, 3 | 4) {
        return Wall::seeded(0, 0, players);
    }
    let walls = WALLS.get_or_init(|| [Wall::seeded(0, 0, 3), Wall::seeded(0, 0, 4)]);
    walls[usize::from(players - 3)].clone()
}

/// The rules waits are checked with for hands under `rules` (see [`Game::wait_rules`]).
pub(crate) fn wait_rules(rules: Rules) -> Rules {
    if rules == Rules::SANMA { Rules::RIICHI } else { rules }
}

/// The number that names one deal of one game value ([`Game::deal_id`]): a new one at every deal
/// and for every clone, from one counter for the process, so no two games and no two deals of a
/// game share one. Not part of a game's state: two games are equal whatever their numbers.
#[derive(Debug)]
pub(crate) struct DealId(u64);

impl DealId {
    /// A number not given before in this process.
    pub(crate) fn fresh() -> DealId {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        DealId(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

/// A clone is another game, which may be played on differently: it gets a number of its own.
impl Clone for DealId {
    fn clone(&self) -> DealId {
        DealId::fresh()
    }
}

/// Always equal: the number names a game value, it is not part of its state.
impl PartialEq for DealId {
    fn eq(&self, _: &DealId) -> bool {
        true
    }
}

/// What kind of thing the other seats are answering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ClaimOn {
    /// A discard: ron, pon, kan, chi.
    Discard,
    /// A tile added to a pon: ron only (chankan).
    Kakan,
    /// A concealed kan: ron by thirteen orphans only, where the rules allow it.
    Ankan,
    /// A north set aside (three players): ron by any hand waiting on it, as Tenhou allows
    /// (not a robbed kan: no chankan).
    Kita,
}

/// The state of a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// `seat` moves: after a draw (`drawn`), or after a chi or pon (no draw: discard only).
    Turn {
        seat: Seat,
        drawn: Option<Pai>,
        /// Riichi declared: the discard must follow.
        reach: bool,
        /// The draw was a replacement tile (after a kan or a kita).
        rinshan: bool,
        /// The drawn tile wins with a yaku and the seat may take it.
        can_tsumo: bool,
    },
    /// The other seats answer `pai`, discarded or added to a kan by `from`.
    Claims {
        from: Seat,
        pai: Pai,
        on: ClaimOn,
        /// Seats that must answer, and those that have.
        asked: u8,
        answered: u8,
        /// Seats that may win on it.
        ron: u8,
        /// Seats whose waits hold it (a pass makes them furiten).
        hit: u8,
        /// The discard declared riichi.
        reach: bool,
    },
    /// A phase of the family's own before play (Sichuan's exchange and void suits).
    Own(crate::family::OwnPhase),
    /// The game is over.
    Over,
}

/// The state of a game: rules, scores, the hand being played, and the decision it waits for.
///
/// `legal_actions` lists what a seat may do; `apply` does it or refuses it with a
/// [`GameError`], changing nothing. Both allocate nothing but the event log (which
/// [`Game::set_recording`] turns off for self-play that needs no log).
///
/// Two games are equal when every part of their state is, the event log included (a check that
/// a refused action changed nothing compares a clone with the game).
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    pub(crate) rules: GameRules,
    /// Each family's own state: its scorer's options, and what it keeps of the hand being played.
    pub(crate) family: crate::family::State,
    pub(crate) hand_rules: Rules,
    /// The rules waits and readiness are checked with: `hand_rules` where hupai's keyed lookups
    /// cover them, else the same forms over every tile. Three players' rules differ from riichi's
    /// only by the tiles that exist, and a hand of existing tiles wins with a tile (or waits on
    /// it) under riichi exactly when under sanma (a 2m-8m could join no group: the hand holds
    /// none), so the answers are the same and come from the fast keyed path.
    pub(crate) wait_rules: Rules,
    pub(crate) walls: WallSource,
    pub(crate) hands_dealt: u32,
    /// Round wind: 0 east, 1 south, 2 west, 3 north.
    pub(crate) bakaze: u8,
    /// Hand within the round, 0-based (the dealer's seat).
    pub(crate) kyoku: u8,
    pub(crate) honba: u8,
    pub(crate) kyotaku: u8,
    pub(crate) scores: [i32; 4],
    pub(crate) wall: Wall,
    /// The wall of the hand under a Chinese family (GB).
    pub(crate) chinese_wall: ChineseWall,
    /// Each seat's place at the table this round (0 the place dealing first), and the seat at
    /// each place: seat order except where the family moves players between rounds.
    pub(crate) place: [u8; 4],
    pub(crate) seat_at: [Seat; 4],
    /// `turn_order[seat][k]`: the seat `k` places after `seat` for `k` below four (see
    /// [`Game::next_in_turn`]), made from `place` and `seat_at` whenever they change: asked
    /// several times at every discard, one load rather than the places' arithmetic.
    pub(crate) turn_order: [[Seat; 4]; 4],
    pub(crate) live_drawn: u8,
    pub(crate) replacements: u8,
    /// GB with `per_player_walls`: the tiles taken from each place's own wall (indexed by the
    /// place's offset from the dealer: 0 the dealer's quarter of the wall).
    pub(crate) quarter_taken: [u8; 4],
    pub(crate) dora_shown: u8,
    pub(crate) dora_pending: u8,
    pub(crate) kans: u8,
    pub(crate) players: [Player; 4],
    pub(crate) phase: Phase,
    /// Slots of `answers` hold each seat's answer during [`Phase::Claims`].
    pub(crate) answers: [Action; 4],
    /// No call (chi, pon, kan) yet this hand: first-turn wins and draws are still possible.
    pub(crate) no_calls: bool,
    pub(crate) riichi_count: u8,
    pub(crate) events: Vec<Event>,
    pub(crate) record: bool,
    pub(crate) decisions: u64,
    /// Points from sticks left at the end that went to the top player (settled in `scores`).
    pub(crate) final_points: Option<[f64; 4]>,
    /// Names this deal of this game value (see [`Game::deal_id`]): taken again at every deal.
    pub(crate) deal_id: DealId,
}

impl Game {
    /// A new game under `rules` with seeded walls ([`Wall::seeded`]): the first hand is dealt
    /// and the dealer is to move.
    pub fn new(rules: GameRules, seed: u64) -> Game {
        Game::with_walls(rules, WallSource::Seeded(seed))
    }

    /// A new game whose walls come from `walls`.
    pub fn with_walls(rules: GameRules, walls: WallSource) -> Game {
        Game::with_walls_and_room(rules, walls, 256)
    }

    /// [`Game::with_walls`] with room for `events` events from the start (a replay knows about
    /// how many its log holds: the list made at its size rather than made small, then grown and
    /// copied).
    pub(crate) fn with_walls_and_room(rules: GameRules, walls: WallSource, events: usize) -> Game {
        let start = [rules.starting_points; 4];
        let mut scores = [0; 4];
        scores[..usize::from(rules.players)].copy_from_slice(&start[..usize::from(rules.players)]);
        let mut game = Game {
            rules,
            family: crate::family::State::new(&rules),
            hand_rules: rules.hand_rules(),
            wait_rules: wait_rules(rules.hand_rules()),
            walls,
            hands_dealt: 0,
            bakaze: rules.start_wind & 3,
            kyoku: rules.start_dealer,
            honba: 0,
            kyotaku: 0,
            scores,
            wall: placeholder_wall(rules.players),
            // Dealt by the family that uses it; empty until then.
            chinese_wall: ChineseWall { tiles: [crate::pai::PaiId(0); crate::wall::GB_TILES], len: 0, dice: [1, 1] },
            place: [0, 1, 2, 3],
            seat_at: [0, 1, 2, 3],
            turn_order: [[0; 4]; 4],
            live_drawn: 0,
            replacements: 0,
            quarter_taken: [0; 4],
            dora_shown: 1,
            dora_pending: 0,
            kans: 0,
            players: [Player::new(), Player::new(), Player::new(), Player::new()],
            phase: Phase::Over,
            answers: [Action::None; 4],
            no_calls: true,
            riichi_count: 0,
            events: Vec::with_capacity(events),
            record: true,
            decisions: 0,
            final_points: None,
            deal_id: DealId::fresh(),
        };
        game.seat_players();
        game.emit(Event::StartGame { players: rules.players, rules: rules.named_in_logs() });
        game.deal();
        game
    }

    /// Whether events are kept ([`Game::events`]). Self-play that needs no log turns it off:
    /// the game then allocates nothing as it plays.
    pub fn set_recording(&mut self, on: bool) {
        self.record = on;
    }

    /// The rules.
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// Every event so far (while recording).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Forgets the events recorded so far (a long self-play run keeps memory flat).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }

    /// The scores, in seat order (three entries count with three players).
    #[inline]
    pub fn scores(&self) -> [i32; 4] {
        self.scores
    }

    /// Where every tile of the set is, counted by [`Pai`] index (0-33 plain, 34-36 red fives):
    /// the hands, the rivers (tiles not called), the melds, the norths set aside, and the tiles of
    /// the wall no one has taken (found from the wall's own positions: the deal, the live draws and
    /// the replacement tiles so far). Every kind of the set counts four (the red fives apart) at
    /// every moment of a game; a tile lost or taken twice shows as a three or a five. For checks
    /// and tests: [`GameRules::tile_count`] tiles in all, but for the flowers of a GB set, which
    /// each seat sets aside (counted by seat in [`Game::view`]) and which are not kinds.
    pub fn tile_census(&self) -> [u8; 37] {
        if self.hands_dealt == 0 {
            return [0; 37];
        }
        crate::family::census(self)
    }

    /// Riichi sticks on the table (1,000 points each, not in anyone's score).
    #[inline]
    pub fn kyotaku(&self) -> u8 {
        self.kyotaku
    }

    /// True when the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// A number naming this deal of this game value, for readers that keep what they saw of a
    /// game from one decision to the next: never given twice in a process, taken again at every
    /// deal, and new for every clone (which may be played on differently; two equal games may
    /// have different numbers). While a game keeps its number, its rivers and its dora
    /// indicators only grow: a discard adds a tile to the end of a river (the last tile of a
    /// river may then be marked called, nothing else of it changes), a kan may turn over another
    /// indicator, and the turn order stays. So the tiles past those seen under the same number
    /// are everything of them that changed.
    #[inline]
    pub fn deal_id(&self) -> u64 {
        self.deal_id.0
    }

    /// Decisions applied so far (every `apply` that was accepted).
    pub fn decisions(&self) -> u64 {
        self.decisions
    }

    /// After the game: each seat's result in thousands of points with oka and uma, as the
    /// platforms rank (`(score - target) / 1000 + uma`, the oka to first place).
    pub fn final_points(&self) -> Option<[f64; 4]> {
        self.final_points
    }

    /// Seats at the table.
    pub fn players(&self) -> u8 {
        self.rules.players
    }

    /// The seats that must decide now: the seat to move, or every seat yet to answer a claim
    /// (a bit per seat).
    pub fn to_act(&self) -> u8 {
        match self.phase {
            Phase::Turn { seat, .. } => 1 << seat,
            Phase::Claims { asked, answered, .. } => asked & !answered,
            Phase::Own(_) => crate::family::own_to_act(self),
            Phase::Over => 0,
        }
    }

    /// The seat whose discard or kan the other seats are answering now (the `target` of their
    /// calls and wins), if they are.
    pub fn claim_target(&self) -> Option<Seat> {
        match self.phase {
            Phase::Claims { from, .. } => Some(from),
            _ => None,
        }
    }

    /// The first seat that must decide now, if any.
    pub fn next_seat(&self) -> Option<Seat> {
        let bits = self.to_act();
        (bits != 0).then(|| bits.trailing_zeros() as Seat)
    }

    /// The round as written in logs: `E1`, `S3-2` (wind, hand, and counters when any).
    pub fn kyoku_name(&self) -> String {
        let wind = ["E", "S", "W", "N"][usize::from(self.bakaze & 3)];
        if self.honba > 0 {
            format!("{wind}{}-{}", self.kyoku + 1, self.honba)
        } else {
            format!("{wind}{}", self.kyoku + 1)
        }
    }

    /// The dealer's seat.
    #[inline]
    pub fn oya(&self) -> Seat {
        self.seat_at[usize::from(self.kyoku & 3)]
    }

    /// The seat `k` places after `seat` in turn order (counter-clockwise): `seat + k` unless the
    /// family has moved the players between rounds (GB).
    #[inline]
    pub fn next_in_turn(&self, seat: Seat, k: u8) -> Seat {
        if k < 4 {
            return self.turn_order[usize::from(seat & 3)][usize::from(k)];
        }
        self.next_in_turn_by_places(seat, k)
    }

    /// [`Game::next_in_turn`] from the places themselves (the table's source, and any step of
    /// four or more).
    fn next_in_turn_by_places(&self, seat: Seat, k: u8) -> Seat {
        let n = self.rules.players;
        let place = (u16::from(self.place[usize::from(seat & 3)]) + u16::from(k)) % u16::from(n);
        self.seat_at[usize::from(place)]
    }

    /// A seat's wind this hand (`E`, `S`, `W`, `N`).
    #[inline]
    pub fn seat_wind(&self, seat: Seat) -> Pai {
        let n = self.rules.players;
        let offset = (self.place[usize::from(seat & 3)] + n - self.kyoku % n) % n;
        Pai::of(Tile::ALL[27 + usize::from(offset)])
    }

    /// Places the players for the round being played, as the family seats them.
    pub(crate) fn seat_players(&mut self) {
        let rounds_played = self.bakaze.wrapping_sub(self.rules.start_wind) & 3;
        self.place = crate::family::places(self.rules.family, rounds_played);
        for (seat, &place) in self.place.iter().enumerate() {
            self.seat_at[usize::from(place)] = seat as Seat;
        }
        for seat in 0..4u8 {
            for k in 0..4u8 {
                self.turn_order[usize::from(seat)][usize::from(k)] = self.next_in_turn_by_places(seat, k);
            }
        }
    }

    /// Live tiles left to draw (with `per_player_walls`, in the four walls together). Inline:
    /// asked at nearly every turn and every call, a few instructions.
    #[inline]
    pub fn tiles_left(&self) -> usize {
        if self.rules.per_player_walls {
            let taken: usize = self.quarter_taken.iter().map(|&t| usize::from(t)).sum();
            return usize::from(self.chinese_wall.len).saturating_sub(taken);
        }
        let live = crate::family::live_tiles(self);
        live.saturating_sub(usize::from(self.live_drawn) + usize::from(self.replacements))
    }

    /// Tiles left in the wall `seat` draws from: its own with `per_player_walls`, else the
    /// table's ([`Game::tiles_left`]).
    pub fn wall_left(&self, seat: Seat) -> usize {
        if !self.rules.per_player_walls {
            return self.tiles_left();
        }
        let quarter = usize::from(self.wall_quarter(seat));
        (usize::from(self.chinese_wall.len) / 4).saturating_sub(usize::from(self.quarter_taken[quarter]))
    }

    /// Which quarter of the wall `seat` draws from with `per_player_walls`: its offset from the
    /// dealer (the judge's player number, its seat wind).
    pub(crate) fn wall_quarter(&self, seat: Seat) -> u8 {
        (self.place[usize::from(seat & 3)] + 4 - self.place[usize::from(self.oya() & 3)]) % 4
    }

    /// The wall positions not taken yet, in the order they would be taken (with
    /// `per_player_walls`, each quarter from its end).
    pub(crate) fn chinese_wall_left(&self) -> ArrayVec<usize, 144> {
        let w = &self.chinese_wall;
        if self.rules.per_player_walls {
            let part = usize::from(w.len) / 4;
            let mut out = ArrayVec::new();
            for (q, &taken) in self.quarter_taken.iter().enumerate() {
                let end = part * q + part.saturating_sub(usize::from(taken));
                out.extend((part * q..end).rev());
            }
            return out;
        }
        let front = 52 + usize::from(self.live_drawn);
        let back = usize::from(w.len).saturating_sub(usize::from(self.replacements));
        (front..back.max(front)).collect()
    }

    /// The legal actions of `seat` now (empty when it has nothing to decide).
    pub fn legal_actions(&self, seat: Seat) -> Actions {
        let mut out = Actions::new();
        crate::legal::fill(self, seat, crate::legal::ALL, &mut out);
        out
    }

    /// Does `action` for `seat`, or refuses it — naming why — leaving the game unchanged.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<(), GameError> {
        if seat >= self.rules.players {
            return Err(GameError::NoSuchSeat { seat, players: self.rules.players });
        }
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.to_act() & (1 << seat) == 0 {
            return Err(GameError::NotYourTurn { seat, to_act: self.to_act() });
        }
        // A discard, the commonest action, is checked directly; the others against the list of
        // their kind only: the same answers as the full list, for less work.
        let legal = match action {
            Action::Dahai { pai, tsumogiri } => crate::legal::allows_discard(self, seat, pai, tsumogiri),
            _ => {
                let mut of_kind = Actions::new();
                crate::legal::fill(self, seat, crate::legal::kind_bit(&action), &mut of_kind);
                of_kind.contains(&action)
            }
        };
        if action == Action::Hora && !legal && self.rules.false_win_penalty > 0 {
            self.decisions += 1;
            crate::family::false_win(self, seat);
            return Ok(());
        }
        if !legal {
            return Err(GameError::Illegal { seat, action, reason: crate::legal::why_not(self, seat, &action) });
        }
        self.apply_listed(seat, action);
        Ok(())
    }

    /// Does `action` for `seat` without checking it: for an action taken from
    /// [`Game::legal_actions`] of this very state (a replay that lists every decision's legal
    /// actions has checked it already, and checking it again would list its kind a second time).
    pub(crate) fn apply_listed(&mut self, seat: Seat, action: Action) {
        self.decisions += 1;
        match self.phase {
            Phase::Turn { .. } => self.apply_turn(seat, action),
            Phase::Claims { .. } => self.answer(seat, action),
            Phase::Own(_) => crate::family::own_choice(self, seat, action),
            Phase::Over => {}
        }
    }

    pub(crate) fn emit(&mut self, event: Event) {
        if self.record {
            self.events.push(event);
        }
    }

    pub(crate) fn seat_count(&self) -> usize {
        usize::from(self.rules.players)
    }

    pub(crate) fn red(&self) -> [u8; 3] {
        self.rules.red_fives
    }

    /// Starts the game over at a hand other than the first (a replay of a log that begins
    /// mid-game): the round wind, the hand, the counters, the sticks and the scores as given,
    /// then the first wall dealt.
    pub(crate) fn restart_at(&mut self, bakaze: u8, kyoku: u8, honba: u8, kyotaku: u8, scores: [i32; 4]) {
        self.hands_dealt = 0;
        self.bakaze = bakaze;
        self.kyoku = kyoku;
        self.honba = honba;
        self.kyotaku = kyotaku;
        self.scores = scores;
        self.decisions = 0;
        self.final_points = None;
        self.events.clear();
        // The players' places follow the round (GB changes them between rounds).
        self.seat_players();
        self.emit(Event::StartGame { players: self.rules.players, rules: self.rules.named_in_logs() });
        self.deal();
    }

    // ---- dealing and drawing ----

    pub(crate) fn deal(&mut self) {
        // Every deal (the one that finds the walls run out and ends the game too) makes new
        // rivers and shows new dora indicators: what was seen under the old number is gone.
        self.deal_id = DealId::fresh();
        crate::family::deal(self);
    }

    /// `seat` draws: from the live wall, or a replacement tile. Ends the hand if the wall is out.
    pub(crate) fn draw(&mut self, seat: Seat, replacement: bool) {
        crate::family::draw(self, seat, replacement);
    }

    /// Breaks the first go-around (any call, kan or kita does), and what the family keeps of it
    /// (riichi's ippatsu).
    fn interrupt(&mut self) {
        self.no_calls = false;
        crate::family::go_around_broken(self);
    }

    // ---- the seat to move ----

    pub(crate) fn apply_turn(&mut self, seat: Seat, action: Action) {
        let Phase::Turn { drawn, reach, rinshan, .. } = self.phase else { return };
        let s = usize::from(seat);
        match action {
            Action::Dahai { pai, tsumogiri } => self.discard(seat, pai, tsumogiri, reach),
            Action::Reach => {
                self.emit(Event::Reach { actor: seat });
                if let Phase::Turn { reach, .. } = &mut self.phase {
                    *reach = true;
                }
            }
            Action::Hora => {
                let pai = drawn.unwrap_or(Pai::UNKNOWN);
                self.settle_wins(seat, pai, &[seat], rinshan, None);
            }
            Action::Ryukyoku => self.abort(DrawReason::NineTerminals),
            Action::Ankan { consumed } => {
                crate::family::declaring_kan(self);
                let rules = crate::family::seat_wait_rules(self, seat);
                let p = &mut self.players[s];
                for c in consumed {
                    p.hand.remove(c);
                }
                p.melds.push(MeldRecord { kind: MeldKind::Ankan, pais: consumed, from: seat });
                p.kans += 1;
                p.repack(self.wait_rules.wildcard_tile);
                p.refresh_waits(&rules);
                self.kans += 1;
                self.emit(Event::Ankan { actor: seat, consumed });
                crate::family::kan_paid(self, seat, seat, MeldKind::Ankan);
                let kind = consumed[0];
                let (ron, hit) = crate::legal::chankan_claims(self, seat, kind, ClaimOn::Ankan);
                if ron != 0 {
                    self.open_claims(seat, kind, ClaimOn::Ankan, ron, ron, hit, false);
                } else {
                    self.pass_furiten(hit);
                    self.after_kan(seat, self.rules.closed_kan_dora);
                }
            }
            Action::Kakan { pai } => {
                crate::family::declaring_kan(self);
                let rules = crate::family::seat_wait_rules(self, seat);
                let p = &mut self.players[s];
                p.hand.remove(pai);
                let kind = pai.kind_index();
                let mut consumed = [pai; 3];
                if let Some(m) = p.melds.iter_mut().find(|m| m.kind == MeldKind::Pon && m.pais[0].kind_index() == kind)
                {
                    consumed = [m.pais[0], m.pais[1], m.pais[2]];
                    m.kind = MeldKind::Kakan;
                    m.pais[3] = pai;
                }
                p.kans += 1;
                p.repack(self.wait_rules.wildcard_tile);
                p.refresh_waits(&rules);
                self.kans += 1;
                self.emit(Event::Kakan { actor: seat, pai, consumed });
                crate::family::kan_paid(self, seat, seat, MeldKind::Kakan);
                // A win robbing the kan keeps its ippatsu: the kan breaks ippatsu only once it stands.
                let (ron, hit) = crate::legal::chankan_claims(self, seat, pai, ClaimOn::Kakan);
                if ron != 0 {
                    self.open_claims(seat, pai, ClaimOn::Kakan, ron, ron, hit, false);
                } else {
                    self.interrupt();
                    self.pass_furiten(hit);
                    self.after_kan(seat, self.rules.open_kan_dora);
                }
            }
            Action::Qishouhu | Action::Haidi | Action::None | Action::Kaigang { .. } => {
                crate::family::own_turn(self, seat, action)
            }
            Action::Kita => {
                let rules = crate::family::seat_wait_rules(self, seat);
                let p = &mut self.players[s];
                p.hand.remove(Pai::NORTH);
                p.repack(self.wait_rules.wildcard_tile);
                p.refresh_waits(&rules);
                crate::family::north_set_aside(self, seat);
                self.emit(Event::Kita { actor: seat, pai: Pai::NORTH });
                // The north may be won on (Tenhou: by any hand waiting on it); like an added
                // kan, it ends the go-around only once it stands.
                let (ron, hit) = crate::legal::chankan_claims(self, seat, Pai::NORTH, ClaimOn::Kita);
                if ron != 0 {
                    self.open_claims(seat, Pai::NORTH, ClaimOn::Kita, ron, ron, hit, false);
                } else {
                    self.pass_furiten(hit);
                    self.kita_stands(seat);
                }
            }
            _ => {}
        }
    }

    /// A north set aside stands (nobody won on it). Tenhou's three-player rules treat it as a
    /// call: it ends every ippatsu and the first go-around (double riichi, chiihou, nine
    /// terminals); its replacement tile is drawn.
    fn kita_stands(&mut self, seat: Seat) {
        self.interrupt();
        self.draw(seat, true);
    }

    /// A kan stands (nobody robbed it): it interrupts the go-around (ippatsu, first-turn wins),
    /// which a robbing win still counts on (chankan with ippatsu).
    fn after_kan(&mut self, seat: Seat, timing: KanDora) {
        self.interrupt();
        if crate::family::kan_stands(self, seat) {
            return;
        }
        crate::family::kan_dora(self, timing);
        self.draw(seat, true);
    }

    fn discard(&mut self, seat: Seat, pai: Pai, tsumogiri: bool, reach: bool) {
        // The drawn tile discarded leaves the hand as it was before the draw, whose waits the
        // seat already holds (the draw's tsumo check reads them): where the family asks every
        // seat's waits under the one `wait_rules`, they stand (half the efficiency player's
        // discards).
        let drawn_back = tsumogiri
            && crate::family::waits_under_one_rule(self.rules.family)
            && matches!(self.phase, Phase::Turn { seat: s, drawn: Some(d), .. } if s == seat && d == pai);
        // The family's part first (riichi's dora left for after a kan's discard, its declaration,
        // ippatsu and furiten), while the river is as it was.
        crate::family::discarding(self, seat, pai, reach);
        // A hand the riichi check found far from ready at this turn (its shanten bound 1 or more)
        // is far after any discard: it waits on nothing, and its waits need not be asked (see
        // `legal::far_from_ready`). Read before the discard joins the river, which names the turn.
        let far = !drawn_back && crate::legal::far_from_ready(self, seat);
        let s = usize::from(seat);
        let rules = crate::family::seat_wait_rules(self, seat);
        let p = &mut self.players[s];
        p.hand.remove(pai);
        let kind = pai.kind().unwrap_or(Tile::EAST);
        if p.unpacked_draw == Some(kind) {
            // The drawn tile's kind goes: the packed hand is the one before the draw (packed
            // hands are made from the counts alone, which are those before the draw).
            p.unpacked_draw = None;
        } else {
            p.pack_change(kind, false, self.wait_rules.wildcard_tile);
        }
        p.river.push(RiverTile { pai, tsumogiri, riichi: reach, called: false });
        p.discarded.insert(kind);
        p.kuikae = TileSet::EMPTY;
        if far {
            p.waits = TileSet::EMPTY;
        } else if !drawn_back {
            p.refresh_waits(&rules);
        }
        self.emit(Event::Dahai { actor: seat, pai, tsumogiri });
        let (asked, ron, hit) = crate::legal::discard_claims(self, seat, pai);
        if asked != 0 {
            self.open_claims(seat, pai, ClaimOn::Discard, asked, ron, hit, reach);
        } else {
            self.pass_furiten(hit);
            self.discard_passed(seat, reach);
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn open_claims(&mut self, from: Seat, pai: Pai, on: ClaimOn, asked: u8, ron: u8, hit: u8, reach: bool) {
        self.answers = [Action::None; 4];
        self.phase = Phase::Claims { from, pai, on, asked, answered: 0, ron, hit, reach };
    }

    /// Seats whose waits held a tile they did not win on (a bit each): the family's answer
    /// (riichi's furiten).
    #[inline]
    fn pass_furiten(&mut self, hit: u8) {
        crate::family::win_passed(self, hit);
    }

    /// The abortive draw the last discard brings unless it is won on: four winds (the first four
    /// discards, no call, one wind) or four kans by more than one player. Such a discard may be
    /// ronned but not called (the hand ends when nobody wins on it).
    #[inline]
    pub(crate) fn abort_on_discard(&self) -> Option<DrawReason> {
        // Asked twice at every discard: past the first go-around (seat 0's river longer than
        // one, or a call made) with fewer than four kans, neither draw can come, which is
        // answered here without a call.
        if self.kans < 4 && !(self.no_calls && self.players[0].river.len() == 1) {
            return None;
        }
        self.abort_on_discard_checked()
    }

    /// [`Game::abort_on_discard`] in full.
    fn abort_on_discard_checked(&self) -> Option<DrawReason> {
        if self.rules.four_winds_draw
            && self.rules.players == 4
            && self.no_calls
            && self.players.iter().all(|p| p.river.len() == 1)
        {
            let firsts: ArrayVec<Pai, 4> = self.players.iter().filter_map(|p| p.river.first().map(|r| r.pai)).collect();
            if firsts.len() == 4 && firsts.iter().all(|&f| f == firsts[0] && f.kind().is_some_and(|k| k.is_wind())) {
                return Some(DrawReason::FourWinds);
            }
        }
        if self.rules.four_kans_draw && self.kans == 4 && self.players.iter().all(|p| p.kans < 4) {
            return Some(DrawReason::FourKans);
        }
        None
    }

    /// Nobody took the discard: riichi stands, abortive draws are checked, the next seat draws.
    fn discard_passed(&mut self, seat: Seat, reach: bool) {
        if reach && !crate::family::declaration_stands(self, seat) {
            return;
        }
        if let Some(reason) = self.abort_on_discard() {
            self.abort(reason);
            return;
        }
        self.draw(self.next_active(seat), false);
    }

    /// The next seat in turn order after `seat` still in the hand (Sichuan's winners leave it).
    #[inline]
    pub(crate) fn next_active(&self, seat: Seat) -> Seat {
        // Most often the next seat (every family but Sichuan keeps every seat in the hand).
        let next = self.next_in_turn(seat, 1);
        if !crate::family::out(self, next) {
            return next;
        }
        self.next_active_past(seat)
    }

    /// [`Game::next_active`] past seats out of the hand.
    fn next_active_past(&self, seat: Seat) -> Seat {
        let n = self.rules.players;
        (1..=n).map(|k| self.next_in_turn(seat, k)).find(|&s| !crate::family::out(self, s)).unwrap_or(seat)
    }

    // ---- the other seats' answers ----

    pub(crate) fn answer(&mut self, seat: Seat, action: Action) {
        self.answers[usize::from(seat)] = action;
        let Phase::Claims { asked, answered, .. } = &mut self.phase else { return };
        *answered |= 1 << seat;
        if *answered == *asked {
            self.resolve_claims();
        }
    }

    /// Every seat asked has answered: wins, then calls by priority, else play goes on.
    pub(crate) fn resolve_claims(&mut self) {
        let Phase::Claims { from, pai, on, hit, reach, .. } = self.phase else { return };
        let n = self.rules.players;
        let mut winners: ArrayVec<Seat, 3> = ArrayVec::new();
        let mut call: Option<(Seat, Action)> = None;
        for k in 1..n {
            let s = self.next_in_turn(from, k);
            match self.answers[usize::from(s)] {
                Action::Hora => winners.push(s),
                a @ (Action::Pon { .. } | Action::Daiminkan { .. } | Action::Kaigang { .. }) => call = Some((s, a)),
                a @ Action::Chi { .. } if call.is_none() => call = Some((s, a)),
                _ => {}
            }
        }
        let winner_bits = winners.iter().fold(0u8, |b, &s| b | 1 << s);
        self.pass_furiten(hit & !winner_bits);
        if !winners.is_empty() {
            if winners.len() == 3 && self.rules.triple_ron_draw {
                self.abort(DrawReason::TripleRon);
                return;
            }
            if self.rules.multiple_ron == crate::rules::MultipleRon::HeadBump {
                winners.truncate(1);
            }
            self.settle_wins(from, pai, &winners, false, Some(on));
            return;
        }
        match on {
            ClaimOn::Discard => {
                if reach && !crate::family::declaration_stands(self, from) {
                    return;
                }
                match call {
                    Some((caller, action)) => self.call(caller, from, action),
                    None => {
                        // The riichi was accepted above; the rest of `discard_passed`.
                        self.discard_passed(from, false);
                    }
                }
            }
            ClaimOn::Kakan => {
                self.interrupt();
                self.after_kan(from, self.rules.open_kan_dora);
            }
            ClaimOn::Ankan => self.after_kan(from, self.rules.closed_kan_dora),
            ClaimOn::Kita => self.kita_stands(from),
        }
    }

    fn call(&mut self, seat: Seat, from: Seat, action: Action) {
        self.interrupt();
        if let Some(r) = self.players[usize::from(from)].river.last_mut() {
            r.called = true;
        }
        crate::family::discard_called(self, from);
        let s = usize::from(seat);
        let rules = crate::family::seat_wait_rules(self, seat);
        let p = &mut self.players[s];
        match action {
            Action::Chi { pai, consumed } => {
                for c in consumed {
                    p.hand.remove(c);
                }
                p.melds.push(MeldRecord { kind: MeldKind::Chi, pais: [pai, consumed[0], consumed[1], pai], from });
                p.kuikae = crate::legal::kuikae_kinds(&self.rules, pai, &consumed);
                p.pack_call(&consumed, self.wait_rules.wildcard_tile);
                self.emit(Event::Chi { actor: seat, target: from, pai, consumed });
                self.phase = Phase::Turn { seat, drawn: None, reach: false, rinshan: false, can_tsumo: false };
            }
            Action::Pon { pai, consumed } => {
                for c in consumed {
                    p.hand.remove(c);
                }
                p.melds.push(MeldRecord { kind: MeldKind::Pon, pais: [pai, consumed[0], consumed[1], pai], from });
                p.kuikae = crate::legal::kuikae_kinds(&self.rules, pai, &consumed);
                p.pack_call(&consumed, self.wait_rules.wildcard_tile);
                crate::family::meld_called(self, seat, from, pai);
                self.emit(Event::Pon { actor: seat, target: from, pai, consumed });
                self.phase = Phase::Turn { seat, drawn: None, reach: false, rinshan: false, can_tsumo: false };
            }
            Action::Daiminkan { pai, consumed } => {
                for c in consumed {
                    p.hand.remove(c);
                }
                p.melds.push(MeldRecord {
                    kind: MeldKind::Daiminkan,
                    pais: [pai, consumed[0], consumed[1], consumed[2]],
                    from,
                });
                p.kans += 1;
                p.pack_call(&consumed, self.wait_rules.wildcard_tile);
                p.refresh_waits(&rules);
                self.kans += 1;
                crate::family::meld_called(self, seat, from, pai);
                self.emit(Event::Daiminkan { actor: seat, target: from, pai, consumed });
                crate::family::kan_paid(self, seat, from, MeldKind::Daiminkan);
                self.after_kan(seat, self.rules.open_kan_dora);
            }
            Action::Kaigang { pai } => {
                // 开杠 on a discard: the open kong, then two tiles opened instead of a replacement.
                crate::family::kaigang_declared(self, seat);
                self.call(seat, from, Action::Daiminkan { pai, consumed: [pai; 3] });
            }
            _ => {}
        }
    }

    // ---- the end of a hand ----

    fn settle_wins(&mut self, from: Seat, pai: Pai, winners: &[Seat], rinshan: bool, on: Option<ClaimOn>) {
        crate::family::wins(self, from, pai, winners, rinshan, on);
    }

    pub(crate) fn abort(&mut self, reason: DrawReason) {
        self.emit(Event::Ryukyoku { reason, deltas: [0; 4], tenpai: 0 });
        self.end_hand(true, false, true);
    }

    pub(crate) fn exhaustive_draw(&mut self) {
        let (reason, deltas, tenpai) = crate::family::exhaustive(self);
        for (score, d) in self.scores.iter_mut().zip(deltas) {
            *score += d;
        }
        self.emit(Event::Ryukyoku { reason, deltas, tenpai });
        let dealer_tenpai = tenpai & (1 << self.oya()) != 0;
        self.end_hand(dealer_tenpai, false, false);
    }

    /// Moves the game on after a hand: counters, the dealer, the end of the game.
    /// `aborted`: an abortive draw, which keeps the dealer without ending all-last (only the
    /// dealer's win or tenpai does).
    pub(crate) fn end_hand(&mut self, dealer_stays: bool, won: bool, aborted: bool) {
        self.emit(Event::EndKyoku);
        crate::family::next_hand(self, dealer_stays, won, aborted);
    }

    /// The seat in first place (ties to the seat nearer the first dealer).
    pub(crate) fn top_seat(&self) -> Seat {
        let n = self.seat_count();
        (0..n).max_by_key(|&s| (self.scores[s], std::cmp::Reverse(s))).unwrap_or(0) as Seat
    }

    pub(crate) fn finish_game(&mut self) {
        crate::family::finish(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seat whose drawn tile is not yet in its packed hand equals the same seat with it packed,
    /// and a seat with another tile does not.
    #[test]
    fn a_seat_is_equal_however_far_its_packed_hand_is_brought_up_to_date() {
        let pai = |k: u8| Pai::from_index(k).expect("a tile");
        let mut packed = Player::new();
        for k in [0, 1, 2, 9, 9] {
            packed.hand.add(pai(k));
            packed.packed.add(pai(k).kind().expect("a kind")).expect("room");
        }
        let mut unpacked = packed.clone();
        packed.hand.add(pai(20));
        packed.packed.add(pai(20).kind().expect("a kind")).expect("room");
        unpacked.hand.add(pai(20));
        unpacked.unpacked_draw = pai(20).kind();
        assert_ne!(packed.packed, unpacked.packed, "the packed hands differ");
        assert_eq!(packed, unpacked);
        let mut other = unpacked.clone();
        other.hand.add(pai(21));
        other.settle_packed();
        assert_ne!(packed, other);
    }
}
