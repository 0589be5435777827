//! The rule families behind one seam. The turn loop ([`crate::game`]) is shared: deal, draw, the
//! seat's turn, the other seats' claims resolved by priority, the end of the hand. It names no
//! family: every question whose answer differs between families is one function here, which
//! asks the family of the game's rules (a `match` on [`Family`], dispatched statically: the
//! families are a closed set, and the loop's questions compile to one branch each). A family
//! answers:
//!
//! - **the tiles and the wall**: riichi's 136 (108) tiles in Tenhou's layout with a dead wall
//!   ([`riichi`]); the Chinese wall dealt and drawn from the front, replacements from the back,
//!   with or without flowers ([`chinese`], shared by the Chinese families) ([`deal`], [`draw`]);
//! - **what a turn offers and what a discard offers**: riichi, dora and furiten are riichi's
//!   ([`Family::has_riichi`], [`Family::has_dora`], [`Family::has_furiten`]); chi from the left,
//!   pon and kan, win over pon and kan over chi, and one winner or several are the rules' flags,
//!   shared; a family's own decisions (Changsha's) are [`own_actions`] and [`own_turn`];
//! - **what a win needs and pays** ([`can_win`], [`wins`], [`exhaustive`]);
//! - **how the match goes on** ([`next_hand`], [`finish`], [`places`]);
//! - **a phase of its own** before play ([`OwnPhase`]: Sichuan's exchange and void suits).
//!
//! Each family's own state lives in its room and is held by the game in one slot ([`State`]).
//! No family imports another: what the Chinese families share is [`chinese`], and the helpers
//! every family uses are here.

mod changsha;
mod chinese;
mod gb;
mod hongzhong;
mod riichi;
pub(crate) use riichi::concealed_waits;
mod sichuan;

use arrayvec::ArrayVec;
use hupai::{Hand, Rules, Suit, TileSet, TileSupply, VoidSuit};

use crate::action::{Action, Actions};
use crate::event::{DrawReason, Seat};
use crate::game::{ClaimOn, Game, MeldKind, Player};
use crate::pai::{Pai, PaiCounts, PaiId};
use crate::rules::{Family, GameLength, GameRules, KanDora};
use crate::wall::ChineseWall;

/// Each family's own state: its scorer's options, and what it keeps of the hand being played.
/// The game holds it in one slot ([`Game`]'s `family`); only the family's own room reads its part.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct State {
    pub(crate) chinese: chinese::State,
    pub(crate) riichi: riichi::State,
    pub(crate) gb: gb::State,
    pub(crate) hongzhong: hongzhong::State,
    pub(crate) changsha: changsha::State,
    pub(crate) sichuan: sichuan::State,
}

impl State {
    pub(crate) fn new(rules: &GameRules) -> State {
        State {
            chinese: chinese::State::default(),
            riichi: riichi::State { options: rules.scoring_options(), seats: [riichi::SeatState::NEW; 4] },
            gb: gb::State { options: rules.gb_options() },
            hongzhong: hongzhong::State::default(),
            changsha: changsha::State::default(),
            sichuan: sichuan::State::default(),
        }
    }
}

/// A phase of a family's own, before play: Sichuan's exchange of three tiles (换三张) and
/// declaration of void suits (定缺).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum OwnPhase {
    /// Every seat chooses three tiles of one suit to pass.
    Exchange,
    /// Every seat declares its void suit.
    Dingque,
}

impl Family {
    /// Riichi declarations (and their sticks).
    pub(crate) const fn has_riichi(self) -> bool {
        matches!(self, Family::Riichi)
    }

    /// Dora indicators, turned over at the start and after kans.
    pub(crate) const fn has_dora(self) -> bool {
        matches!(self, Family::Riichi)
    }

    /// Kans a hand may hold in all: riichi stops at four (the fifth has no dora or replacement
    /// tile left in the dead wall); GB has no such limit (only the wall's end stops a kong).
    pub(crate) const fn most_kans(self) -> u8 {
        match self {
            Family::Riichi => 4,
            Family::Gb | Family::Hongzhong | Family::Changsha | Family::Sichuan => u8::MAX,
        }
    }

    /// Chow (chi) on the left player's discard.
    pub(crate) const fn has_chi(self) -> bool {
        !matches!(self, Family::Hongzhong | Family::Sichuan)
    }

    /// Furiten: a seat may not win on a discard its own discards or passes forbid.
    pub(crate) const fn has_furiten(self) -> bool {
        matches!(self, Family::Riichi)
    }

    /// The hand's wall is the Chinese one (taken from both ends, flowers among its tiles where the
    /// set has them), not Tenhou's layout with a dead wall.
    pub(crate) const fn has_chinese_wall(self) -> bool {
        !matches!(self, Family::Riichi)
    }
}

// ---- what a seat's part of the table holds besides its tiles ----

/// Whether `seat` has won and left the hand (Sichuan): skipped in turn order, asked nothing more.
#[inline]
pub(crate) fn out(game: &Game, seat: Seat) -> bool {
    game.family.sichuan.out >> (seat & 3) & 1 != 0
}

/// The suit `seat` has declared void (Sichuan), once shown: its tiles go first, and a hand
/// holding one cannot win.
#[inline]
pub(crate) fn void(game: &Game, seat: Seat) -> Option<Suit> {
    game.family.sichuan.void[usize::from(seat & 3)]
}

/// The hand may no longer change: riichi, or a winner playing on (Sichuan's 血流成河), who
/// discards what it draws.
#[inline]
pub(crate) fn hand_locked(game: &Game, seat: Seat) -> bool {
    let s = usize::from(seat & 3);
    game.family.riichi.seats[s].in_riichi() || game.family.sichuan.wins[s] > 0
}

/// Whether `seat` has declared riichi (the declaration on the table or accepted).
#[inline]
pub(crate) fn in_riichi(game: &Game, seat: Seat) -> bool {
    game.family.riichi.seats[usize::from(seat & 3)].in_riichi()
}

/// Whether `seat` may not win on another seat's tile because of its own discards or passes
/// (riichi's furiten; the other families have none).
#[inline]
pub(crate) fn furiten(game: &Game, seat: Seat) -> bool {
    game.rules.family.has_furiten() && riichi::furiten(game, seat)
}

/// Norths `seat` has set aside (three-player riichi).
pub(crate) fn nuki(game: &Game, seat: Seat) -> u8 {
    game.family.riichi.seats[usize::from(seat & 3)].nuki
}

/// `seat` set a north aside (three-player riichi's kita): counted by the family.
pub(crate) fn north_set_aside(game: &mut Game, seat: Seat) {
    game.family.riichi.seats[usize::from(seat & 3)].nuki += 1;
}

/// Flowers `seat` has set aside this hand (the Chinese families whose set has them).
pub(crate) fn flowers(game: &Game, seat: Seat) -> u8 {
    game.family.chinese.flowers[usize::from(seat & 3)]
}

/// `rules` as `seat`'s waits are checked with them: with its void suit once declared.
#[inline]
pub(crate) fn seat_rules(game: &Game, seat: Seat, rules: Rules) -> Rules {
    match void(game, seat) {
        Some(suit) => rules.with_void(suit),
        None => rules,
    }
}

/// Whether every seat's waits are asked under the game's one `wait_rules` all through a hand
/// (riichi: no void suit declared after the deal, no deal asking them under `hand_rules`), so
/// that waits once asked hold for the same tiles until the hand changes: a drawn tile
/// discarded gives back the hand before the draw, and its waits with it.
pub(crate) const fn waits_under_one_rule(family: Family) -> bool {
    matches!(family, Family::Riichi)
}

/// The rules `seat`'s waits are checked with (the game's `wait_rules`, with its void suit).
#[inline]
pub(crate) fn seat_wait_rules(game: &Game, seat: Seat) -> Rules {
    seat_rules(game, seat, game.wait_rules)
}

// ---- the wall as a seat may not see it ----

/// The wall's positions no seat has seen (not dealt, drawn or turned over), for a determinized
/// game to deal again: riichi's in Tenhou's layout, the Chinese wall's between its two ends.
pub(crate) fn unseen_wall(game: &Game) -> ArrayVec<usize, 144> {
    match game.rules.family {
        Family::Riichi => riichi::unseen_wall(game),
        Family::Gb | Family::Hongzhong | Family::Changsha | Family::Sichuan => game.chinese_wall_left(),
    }
}

/// The tile at a position of the hand's wall (see [`unseen_wall`]).
pub(crate) fn wall_tile(game: &Game, pos: usize) -> PaiId {
    match game.rules.family {
        Family::Riichi => game.wall.yama[pos],
        Family::Gb | Family::Hongzhong | Family::Changsha | Family::Sichuan => game.chinese_wall.tiles[pos],
    }
}

/// Puts `id` at a position of the hand's wall (see [`unseen_wall`]).
pub(crate) fn set_wall_tile(game: &mut Game, pos: usize, id: PaiId) {
    match game.rules.family {
        Family::Riichi => game.wall.yama[pos] = id,
        Family::Gb | Family::Hongzhong | Family::Changsha | Family::Sichuan => game.chinese_wall.tiles[pos] = id,
    }
}

/// Whether `seat` may win on `pai` (from `from`, itself for a self-draw) as things stand: the hand
/// is complete and the family's scorer accepts the win (a yaku; 8 fans without flowers).
pub(crate) fn can_win(game: &Game, seat: Seat, from: Seat, pai: Pai, rinshan: bool, on: Option<ClaimOn>) -> bool {
    match game.rules.family {
        Family::Riichi => riichi::wins_with_yaku(game, seat, from, pai, rinshan, on),
        Family::Gb => gb::win_score(game, seat, from, pai, rinshan, on).is_some_and(|s| s.enough),
        Family::Hongzhong => {
            (seat == from || game.rules.discard_wins)
                && hongzhong::win_score(game, seat, from, pai, rinshan, on, &[]).is_some()
        }
        Family::Changsha => changsha::win_score(game, seat, from, pai, on).is_some(),
        Family::Sichuan => !out(game, seat) && sichuan::win_score(game, seat, from, pai, rinshan, on).is_some(),
    }
}

/// Under riichi rules, whether a complete hand of `seat` winning on `pai` surely wins with a yaku
/// (riichi, menzen tsumo on its own draw, a yakuhai meld, tanyao) without asking the scorer;
/// false under the other families.
pub(crate) fn yaku_certain(game: &Game, seat: Seat, pai: Pai, tsumo: bool) -> bool {
    game.rules.family == Family::Riichi && riichi::yaku_certain(game, seat, pai, tsumo)
}

/// Under riichi rules, whether the scorer scores `seat` winning on `pai` (what [`can_win`] asks
/// without building the score): for the tests that compare the two.
#[cfg(test)]
pub(crate) fn riichi_win_scored(
    game: &Game,
    seat: Seat,
    from: Seat,
    pai: Pai,
    rinshan: bool,
    on: Option<ClaimOn>,
) -> bool {
    riichi::win_score(game, seat, from, pai, rinshan, on).is_some()
}

/// A kan's payments, where the family has them: Hongzhong keeps them with the hand and settles
/// them with its win; Sichuan pays them as the kong is made (刮风下雨).
pub(crate) fn kan_paid(game: &mut Game, seat: Seat, from: Seat, kind: MeldKind) {
    match game.rules.family {
        Family::Hongzhong => hongzhong::kan_paid(game, seat, from, kind),
        Family::Sichuan => sichuan::kan_paid(game, seat, from, kind),
        _ => {}
    }
}

/// The last round's wind of a game of this length (0 east … 3 north), or `None` for one hand.
pub(crate) const fn last_wind(length: GameLength) -> Option<u8> {
    match length {
        GameLength::Single => None,
        GameLength::East => Some(0),
        GameLength::South => Some(1),
        GameLength::North => Some(3),
    }
}

/// Each seat's place at the table (0 the place that deals first) after `rounds` rounds of the
/// game: at the start the players sit in seat order. Riichi players never move. GB's players
/// change places after every round (*Mahjong Competition Rules*, the seat rotation): with players
/// A B C D at east, south, west and north in the east round, the south round seats B A D C, the
/// west round C D B A, the north round D C A B, so that each player deals first in one round.
pub(crate) const fn places(family: Family, rounds: u8) -> [u8; 4] {
    match family {
        Family::Riichi => [0, 1, 2, 3],
        Family::Hongzhong | Family::Changsha | Family::Sichuan => [0, 1, 2, 3],
        Family::Gb => match rounds & 3 {
            0 => [0, 1, 2, 3],
            1 => [1, 0, 3, 2],
            2 => [3, 2, 0, 1],
            _ => [2, 3, 1, 0],
        },
    }
}

/// The hand `seat` would win with on `pai`: its concealed tiles (the winning tile added when it is
/// another seat's), its declared melds and the red fives among both; and the concealed counts.
/// Every family's situation starts from it.
pub(crate) fn winning_hand(game: &Game, seat: Seat, from: Seat, pai: Pai) -> Option<(Hand, PaiCounts)> {
    let p = &game.players[usize::from(seat)];
    let mut counts = p.hand;
    if seat != from {
        counts.add(pai);
    }
    let melds: ArrayVec<hupai::Meld, 4> = p.melds.iter().map(|m| m.meld()).collect();
    let mut meld_red = [0u8; 3];
    for t in p.melds.iter().flat_map(|m| m.tiles().iter()) {
        if t.is_red() {
            meld_red[t.kind_index() / 9] += 1;
        }
    }
    let hand = Hand::new(counts.tile_counts(), 0, &melds).ok()?.with_red_fives(counts.red, meld_red).ok()?;
    Some((hand, counts))
}

/// The seats whose hand is ready (a bit each): an exhaustive draw's report.
pub(crate) fn ready_seats(game: &Game) -> u8 {
    game.players
        .iter()
        .take(game.seat_count())
        .enumerate()
        .filter(|(_, p)| !p.waits.is_empty())
        .fold(0, |b, (s, _)| b | 1 << s)
}

// ---- the loop's questions, each asked of the game's family ----

/// `seat` discards `pai` (declaring riichi with it if `reach`): what the family keeps of the seat
/// and the table changes first, before the tile reaches the river (riichi: a kan's indicator left
/// for after its discard is turned over; the declaration, the end of ippatsu, nagashi and the
/// furiten of passed wins).
#[inline]
pub(crate) fn discarding(game: &mut Game, seat: Seat, pai: Pai, reach: bool) {
    if game.rules.family == Family::Riichi {
        riichi::discarding(game, seat, pai, reach);
    }
}

/// A kan is about to be declared: riichi turns over the indicator a previous kan left for after
/// its discard.
pub(crate) fn declaring_kan(game: &mut Game) {
    if game.rules.family.has_dora() {
        riichi::reveal_pending_dora(game);
    }
}

/// A kan stands: its dora, where the family has them (now, or after the kan's discard).
pub(crate) fn kan_dora(game: &mut Game, timing: KanDora) {
    if game.rules.family.has_dora() {
        riichi::kan_dora(game, timing);
    }
}

/// The declaration made with the last discard stands, nobody having won on it (riichi: the stick
/// is paid). False if that ended the hand (four riichi).
pub(crate) fn declaration_stands(game: &mut Game, seat: Seat) -> bool {
    game.rules.family != Family::Riichi || riichi::accept(game, seat)
}

/// A call, kan or kita breaks the go-around: riichi's ippatsu ends.
#[inline]
pub(crate) fn go_around_broken(game: &mut Game) {
    if game.rules.family == Family::Riichi {
        riichi::break_ippatsu(game);
    }
}

/// Seats (a bit each) whose waits held a tile they did not win on: riichi's furiten.
#[inline]
pub(crate) fn win_passed(game: &mut Game, hit: u8) {
    if game.rules.family.has_furiten() && hit != 0 {
        riichi::pass_furiten(game, hit);
    }
}

/// `from`'s last discard was called: riichi's nagashi is broken.
pub(crate) fn discard_called(game: &mut Game, from: Seat) {
    if game.rules.family == Family::Riichi {
        game.family.riichi.seats[usize::from(from & 3)].nagashi = false;
    }
}

/// `seat` made a pon or an open kan of `pai` from `from`'s discard: riichi's liability (pao).
pub(crate) fn meld_called(game: &mut Game, seat: Seat, from: Seat, pai: Pai) {
    if game.rules.family == Family::Riichi {
        riichi::check_pao(game, seat, from, pai);
    }
}

/// Deals the next hand (or ends the game when the walls run out), the family's way.
pub(crate) fn deal(game: &mut Game) {
    match game.rules.family {
        Family::Riichi => riichi::deal(game),
        Family::Gb | Family::Hongzhong | Family::Changsha | Family::Sichuan => chinese::deal(game),
    }
}

/// The deal is done: a family's phase of its own comes first (Sichuan), else the dealer draws
/// (and Changsha asks for the small wins of the deal).
pub(crate) fn dealt(game: &mut Game) {
    let oya = game.oya();
    match game.rules.family {
        Family::Sichuan => sichuan::start(game),
        Family::Changsha => changsha::after_deal(game),
        Family::Riichi | Family::Gb | Family::Hongzhong => draw(game, oya, false),
    }
}

/// A seeded Chinese wall of the family's tiles: 112 for Hongzhong, 108 numbered tiles for
/// Changsha and Sichuan, else GB's 144 with the flowers.
pub(crate) fn seeded_chinese_wall(family: Family, seed: u64, hand: u32) -> ChineseWall {
    match family {
        Family::Hongzhong => ChineseWall::seeded_from(seed, hand, crate::wall::hongzhong_tile_ids()),
        Family::Changsha | Family::Sichuan => ChineseWall::seeded_from(seed, hand, crate::wall::numbered_tile_ids()),
        Family::Riichi | Family::Gb => ChineseWall::seeded(seed, hand),
    }
}

/// A new hand is dealt under a Chinese family: the state each family keeps per hand starts over.
pub(crate) fn new_hand(game: &mut Game) {
    game.family.chinese = chinese::State::default();
    game.family.changsha = changsha::State::default();
    game.family.hongzhong.kan_points = [0; 4];
}

/// `seat` draws: from the live wall, or a replacement tile. Ends the hand if the wall is out.
pub(crate) fn draw(game: &mut Game, seat: Seat, replacement: bool) {
    match game.rules.family {
        Family::Riichi => riichi::draw(game, seat, replacement),
        Family::Gb | Family::Hongzhong | Family::Changsha | Family::Sichuan => {
            chinese::draw(game, seat, replacement, replacement)
        }
    }
}

/// Before a Chinese draw: true if the family took the turn over (Changsha's last tile offered in
/// turn); a draw from the front ends Sichuan's kong replacement play (杠上炮).
pub(crate) fn before_draw(game: &mut Game, seat: Seat, back: bool) -> bool {
    match game.rules.family {
        Family::Changsha => changsha::before_draw(game, seat, back),
        Family::Sichuan => {
            if !back {
                game.family.sichuan.after_kong = None;
            }
            false
        }
        Family::Riichi | Family::Gb | Family::Hongzhong => false,
    }
}

/// Live tiles of the hand's wall in all (before any is drawn).
pub(crate) fn live_tiles(game: &Game) -> usize {
    match game.rules.family {
        Family::Riichi => game.wall.live(game.rules.players),
        Family::Gb | Family::Hongzhong | Family::Changsha | Family::Sichuan => game.chinese_wall.live(),
    }
}

/// Where every tile of the set is (see [`Game::tile_census`]).
pub(crate) fn census(game: &Game) -> [u8; 37] {
    match game.rules.family {
        Family::Riichi => riichi::census(game),
        Family::Gb | Family::Hongzhong | Family::Changsha | Family::Sichuan => chinese::census(game),
    }
}

/// Tiles a family holds aside outside hands, rivers, melds and the wall: Changsha's 开杠 tiles not
/// yet placed, and the tiles won while play went on (Sichuan), each in front of its first winner.
pub(crate) fn held_aside(game: &Game) -> impl Iterator<Item = Pai> + '_ {
    let opened = game.family.changsha.opened.map(|(_, pais)| pais).into_iter().flatten();
    opened.chain(game.family.sichuan.won.iter().flatten().copied())
}

/// Whether the tile just drawn may complete the hand, before the scorer decides (see
/// [`chinese::may_complete`]).
pub(crate) fn may_complete(game: &Game, seat: Seat, pai: Pai) -> bool {
    chinese::may_complete(&game.players[usize::from(seat & 3)], pai, game.wait_rules.wildcard_tile)
}

/// The waits of a hand one tile short, under the rules it is checked with (`wait_rules`, with the
/// seat's void suit once declared: [`seat_rules`]).
pub(crate) fn waits(p: &Player, rules: &Rules) -> TileSet {
    if let VoidSuit::Declared(suit) = rules.void {
        // A declared void suit (Sichuan): a hand holding it, concealed or in a meld, waits on
        // nothing; any other waits on what it would without the rule, less the void suit.
        // Asked over the 136 tiles without a void: a hand of numbered tiles waits on the same
        // tiles either way (an honor could only complete a pair the hand holds half of), and
        // hupai's keyed lookups answer those rules fast where the void rule takes the general
        // path.
        let allowed = rules.allowed_kinds(Some(suit)).bits();
        let refused = |k: usize| allowed >> k & 1 == 0;
        let holds_void = p.hand.kinds.iter().enumerate().any(|(k, &n)| n > 0 && refused(k))
            || p.melds.iter().flat_map(|m| m.tiles().iter()).any(|t| refused(t.kind_index()));
        return if holds_void {
            TileSet::EMPTY
        } else {
            let plain = rules.with_void_rule(VoidSuit::Off).with_tiles(TileSupply::Standard136);
            let waits = p.packed.waits(&plain).unwrap_or(TileSet::EMPTY);
            TileSet::from_bits(waits.bits() & allowed)
        };
    }
    // The knitted forms (GB) take the general path: asked only of a hand that could make one.
    if rules.knitted && !gb::knitted_possible(&p.hand.kinds, p.melds.len()) {
        let mut plain = *rules;
        plain.knitted = false;
        return p.packed.waits(&plain).unwrap_or(TileSet::EMPTY);
    }
    if rules.tiles == TileSupply::RedDragons112 {
        // Hongzhong: asked over the 136 tiles, whose rules hupai's keyed lookups answer. A
        // hand of numbered tiles and red-dragon wildcards waits on the same tiles either way
        // once the kinds outside the set are taken out: a real honor could only complete a
        // pair the hand holds half of, and a group of wildcards standing for honors could as
        // well stand for a numbered kind with copies to spare.
        let waits = p.packed.waits(&rules.with_tiles(TileSupply::Standard136)).unwrap_or(TileSet::EMPTY);
        return TileSet::from_bits(waits.bits() & rules.tiles.kinds().bits());
    }
    let waits = p.packed.waits(rules).unwrap_or(TileSet::EMPTY);
    if *rules == changsha::WAIT_RULES {
        // Changsha's 将将胡 (every tile a 2, 5 or 8) wins with no shape.
        return changsha::with_all_258_waits(p, waits);
    }
    waits
}

/// Settles the wins of `winners` on `pai` (from `from`; the winner itself for a self-draw) and
/// moves the game on: the next hand, or (Sichuan) play going on.
pub(crate) fn wins(game: &mut Game, from: Seat, pai: Pai, winners: &[Seat], rinshan: bool, on: Option<ClaimOn>) {
    match game.rules.family {
        Family::Riichi => riichi::wins(game, from, pai, winners, rinshan, on),
        Family::Gb => gb::wins(game, from, pai, winners, rinshan, on),
        Family::Hongzhong => {
            hongzhong::wins(game, from, pai, winners, rinshan, on);
            chinese::next_dealer(game, winners.first().copied());
        }
        Family::Changsha => {
            changsha::wins(game, from, pai, winners, rinshan, on);
            // The winner deals next; after several winners on one discard, the discarder.
            let next = if winners.len() == 1 { winners[0] } else { from };
            chinese::next_dealer(game, Some(next));
        }
        // Play goes on after a win: the family decides when the hand ends.
        Family::Sichuan => return sichuan::wins(game, from, pai, winners, rinshan, on),
    }
    let dealer_won = winners.contains(&game.oya());
    game.end_hand(dealer_won, true, false);
}

/// An exhaustive draw's reason, payments and ready seats.
pub(crate) fn exhaustive(game: &mut Game) -> (DrawReason, [i32; 4], u8) {
    match game.rules.family {
        Family::Riichi => riichi::exhaustive(game),
        Family::Gb => gb::exhaustive(game),
        Family::Hongzhong => hongzhong::exhaustive(game),
        Family::Changsha => changsha::exhaustive(game),
        Family::Sichuan => sichuan::exhaustive(game),
    }
}

/// After a hand (its `EndKyoku` written): the next hand, or the end of the match.
pub(crate) fn next_hand(game: &mut Game, dealer_stays: bool, won: bool, aborted: bool) {
    match game.rules.family {
        Family::Riichi => riichi::next_hand(game, dealer_stays, won, aborted),
        Family::Gb => gb::next_hand(game),
        Family::Hongzhong | Family::Changsha => chinese::next_hand(game),
        Family::Sichuan => sichuan::next_hand(game),
    }
}

/// The end of the match: final points, `EndGame`.
pub(crate) fn finish(game: &mut Game) {
    match game.rules.family {
        Family::Riichi => riichi::finish(game),
        Family::Gb | Family::Hongzhong | Family::Changsha | Family::Sichuan => chinese::finish(game),
    }
}

/// A win claimed that the rules refuse, under a false-win penalty (错和): paid, and play goes on.
pub(crate) fn false_win(game: &mut Game, seat: Seat) {
    gb::false_win(game, seat)
}

/// A kan stands: true if the family plays on from it its own way (Changsha's 开杠 opens two
/// tiles instead of a replacement draw).
pub(crate) fn kan_stands(game: &mut Game, seat: Seat) -> bool {
    game.rules.family == Family::Changsha && changsha::open_kaigang(game, seat)
}

/// A 开杠 declared on a discard by `seat` (Changsha): its tiles are opened once the kong stands.
pub(crate) fn kaigang_declared(game: &mut Game, seat: Seat) {
    game.family.changsha.declared = Some(seat);
}

/// A turn's action of the family's own (Changsha's small wins, last tile and 开杠, and a pass of
/// its own decisions).
pub(crate) fn own_turn(game: &mut Game, seat: Seat, action: Action) {
    if game.rules.family == Family::Changsha {
        changsha::turn(game, seat, action)
    }
}

/// The seats to decide in a phase of the family's own.
pub(crate) fn own_to_act(game: &Game) -> u8 {
    sichuan::to_act(game)
}

/// A seat's choice in a phase of the family's own.
pub(crate) fn own_choice(game: &mut Game, seat: Seat, action: Action) {
    sichuan::choose(game, seat, action)
}

/// The legal actions of a phase of the family's own.
pub(crate) fn own_phase_actions(game: &Game, seat: Seat, want: u16, out: &mut Actions) {
    sichuan::setup_actions(game, seat, want, out)
}

/// Why an action is refused in a phase of the family's own.
pub(crate) fn own_phase_why_not(game: &Game, seat: Seat, action: &Action) -> String {
    sichuan::why_not(game, seat, action)
}

/// A built-in policy's choice in a phase of the family's own, if the phase is one.
pub(crate) fn own_phase_choice(game: &Game, seat: Seat, legal: &Actions) -> Option<Action> {
    sichuan::setup_choice(game, seat, legal)
}

/// The family's own decisions replacing the plain ones (Changsha's): true if they did. Inline:
/// asked at every listing, and only Changsha has any.
#[inline]
pub(crate) fn own_actions(game: &Game, seat: Seat, want: u16, out: &mut Actions) -> bool {
    game.rules.family == Family::Changsha && changsha::actions(game, seat, want, out)
}

/// Kongs a family offers besides the plain ones, after the plain list (Changsha's 开杠). Inline,
/// as [`own_actions`].
#[inline]
pub(crate) fn own_kongs(game: &Game, seat: Seat, want: u16, out: &mut Actions) {
    if game.rules.family == Family::Changsha {
        changsha::kongs(game, seat, want, out);
    }
}

/// Whether the family has decisions of its own in the shared phases (Changsha's): its turns'
/// discards are then asked of its own list, not of the plain discard rules.
#[inline]
pub(crate) fn has_own_decisions(family: Family) -> bool {
    family == Family::Changsha
}

/// Whether `seat`'s hand is locked by the family (Changsha's opened kong): it discards what it
/// draws.
pub(crate) fn locked(game: &Game, seat: Seat) -> bool {
    changsha::locked(game, seat)
}

/// Whether a win needs a minimum of the family's scorer (GB's 8 fans without flowers).
pub(crate) fn has_minimum(family: Family) -> bool {
    family == Family::Gb
}

/// Why a complete hand may not win now, when the family's minimum refuses it (GB's 8 fans).
pub(crate) fn short_of_minimum(game: &Game, seat: Seat) -> Option<String> {
    match game.rules.family {
        Family::Gb => gb::short_of_minimum(game, seat),
        _ => None,
    }
}

/// Whether the family's own decision is on offer now (Changsha's), for a replay to ask.
pub(crate) fn own_offer(game: &Game) -> bool {
    game.rules.family == Family::Changsha && changsha::offer(game)
}
