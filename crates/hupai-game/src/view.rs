//! What a seat can see, and games consistent with it: [`View`] (the table from one seat, other
//! hands hidden), the events as that seat saw them, and [`Game::determinize`], which deals the
//! tiles the seat cannot see at random (for search-based players: ISMCTS, rollouts, EV).

use arrayvec::ArrayVec;
use hupai::Tile;

use crate::event::{Event, Seat};
use crate::game::{Game, MeldRecord, Phase, RiverTile};
use crate::pai::{Pai, PaiCounts, PaiId};
use crate::wall::{SplitMix64, Wall};

/// The table as one seat sees it: its own hand; every seat's melds, discards, riichi and north
/// tiles; the dora indicators; scores, round and wall. Other seats' concealed tiles appear only
/// as counts.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct View {
    /// The seat seeing.
    pub seat: Seat,
    /// Players at the table.
    pub players: u8,
    /// The round wind (`E`, `S`, `W`, `N`).
    pub bakaze: Pai,
    /// The hand within the round, 1–4.
    pub kyoku: u8,
    /// Counters.
    pub honba: u8,
    /// Riichi sticks on the table.
    pub kyotaku: u8,
    /// The dealer.
    pub oya: Seat,
    /// Scores in seat order.
    pub scores: [i32; 4],
    /// Dora indicators turned over.
    pub dora_markers: ArrayVec<Pai, 5>,
    /// The seat's own concealed tiles (the drawn tile included).
    pub hand: PaiCounts,
    /// The tile the seat just drew, if it is to move after a draw.
    pub drawn: Option<Pai>,
    /// Concealed tiles each seat holds.
    pub hand_sizes: [u8; 4],
    /// Each seat's declared melds.
    pub melds: [ArrayVec<MeldRecord, 4>; 4],
    /// Each seat's discards.
    pub rivers: [ArrayVec<RiverTile, 32>; 4],
    /// Each seat's riichi (declared or standing).
    pub riichi: [bool; 4],
    /// North tiles each seat set aside (three players).
    pub nuki: [u8; 4],
    /// Flowers each seat set aside (GB).
    pub flowers: [u8; 4],
    /// Live tiles left to draw.
    pub tiles_left: u8,
    /// Each seat's declared void suit (定缺, Sichuan), once declared.
    pub voids: [Option<hupai::Suit>; 4],
    /// Each seat that has won and left the hand (Sichuan).
    pub out: [bool; 4],
}

impl Game {
    /// The table as `seat` sees it.
    pub fn view(&self, seat: Seat) -> View {
        let s = usize::from(seat.min(3));
        let mut v = View {
            seat,
            players: self.rules.players,
            bakaze: self.bakaze(),
            kyoku: self.kyoku(),
            honba: self.honba,
            kyotaku: self.kyotaku,
            oya: self.oya(),
            scores: self.scores,
            dora_markers: self.dora_markers(),
            hand: self.players[s].hand,
            drawn: self.drawn(seat),
            hand_sizes: [0; 4],
            melds: Default::default(),
            rivers: Default::default(),
            riichi: [false; 4],
            nuki: [0; 4],
            flowers: [0; 4],
            tiles_left: self.tiles_left().min(255) as u8,
            voids: [None; 4],
            out: [false; 4],
        };
        for (i, p) in self.players.iter().enumerate().take(self.seat_count()) {
            let other = i as Seat;
            v.hand_sizes[i] = p.hand.total() as u8;
            v.melds[i] = p.melds.clone();
            v.rivers[i] = p.river.clone();
            v.riichi[i] = self.in_riichi(other);
            v.nuki[i] = self.nuki(other);
            v.flowers[i] = self.flowers(other);
            v.voids[i] = self.void_suit(other);
            v.out[i] = self.is_out(other);
        }
        v
    }

    // What a view holds, one thing at a time: for readers that ask at every decision and would
    // rather not copy every river and meld into a `View` to read a few counters.

    /// The round wind (`E`, `S`, `W`, `N`).
    #[inline]
    pub fn bakaze(&self) -> Pai {
        Pai::of(Tile::ALL[27 + usize::from(self.bakaze & 3)])
    }

    /// The hand within the round, 1–4.
    #[inline]
    pub fn kyoku(&self) -> u8 {
        self.kyoku + 1
    }

    /// Counters (honba).
    #[inline]
    pub fn honba(&self) -> u8 {
        self.honba
    }

    /// The tile `seat` just drew, if it is to move after a draw (only `seat` sees it).
    #[inline]
    pub fn drawn(&self, seat: Seat) -> Option<Pai> {
        match self.phase {
            Phase::Turn { seat: t, drawn, .. } if t == seat => drawn,
            _ => None,
        }
    }

    /// Whether `seat` has declared riichi (the declaration on the table or accepted).
    #[inline]
    pub fn in_riichi(&self, seat: Seat) -> bool {
        crate::family::in_riichi(self, seat)
    }

    /// North tiles `seat` has set aside (three players).
    #[inline]
    pub fn nuki(&self, seat: Seat) -> u8 {
        crate::family::nuki(self, seat)
    }

    /// Flowers `seat` has set aside this hand (GB and the other sets with flowers).
    #[inline]
    pub fn flowers(&self, seat: Seat) -> u8 {
        crate::family::flowers(self, seat)
    }

    /// The suit `seat` has declared void (Sichuan), once declared.
    #[inline]
    pub fn void_suit(&self, seat: Seat) -> Option<hupai::Suit> {
        crate::family::void(self, seat)
    }

    /// Whether `seat` has won and left the hand (Sichuan).
    #[inline]
    pub fn is_out(&self, seat: Seat) -> bool {
        crate::family::out(self, seat)
    }

    /// The dora indicators turned over so far.
    pub fn dora_markers(&self) -> ArrayVec<Pai, 5> {
        let red = self.red();
        (0..usize::from(self.dora_shown)).map(|k| self.wall.dora_indicator(k).pai(red)).collect()
    }

    /// How many dora indicators are turned over: the length of [`Game::dora_markers`], without
    /// listing them.
    #[inline]
    pub fn dora_marker_count(&self) -> usize {
        usize::from(self.dora_shown)
    }

    /// A seat's concealed tiles (the drawn tile included).
    #[inline]
    pub fn hand(&self, seat: Seat) -> PaiCounts {
        self.players[usize::from(seat.min(3))].hand
    }

    /// A seat's declared melds.
    #[inline]
    pub fn melds(&self, seat: Seat) -> &[MeldRecord] {
        &self.players[usize::from(seat.min(3))].melds
    }

    /// A seat's discards.
    #[inline]
    pub fn river(&self, seat: Seat) -> &[RiverTile] {
        &self.players[usize::from(seat.min(3))].river
    }

    /// The wall of the hand being played.
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// The events as `seat` saw them: other seats' deals and draws hidden (`?`).
    pub fn events_seen_by(&self, seat: Seat) -> impl Iterator<Item = Event> + '_ {
        self.events.iter().map(move |&e| mask(e, seat))
    }

    /// A game equal to this one as `seat` sees it, with every tile `seat` cannot see — other
    /// seats' concealed tiles and the wall's unseen tiles — dealt again at random (seeded). Hand
    /// sizes, melds, discards, dora indicators, scores and the decision pending are kept; a claim
    /// being answered is asked again from the start. It draws from the tiles unseen, nothing
    /// more: it does not reason that a riichi hand must be ready.
    pub fn determinize(&self, seat: Seat, seed: u64) -> Game {
        let mut g = self.clone();
        let n = self.seat_count();
        let seat = usize::from(seat.min(3));
        let red = self.red();
        // Wall positions nobody has seen, as the family lays its wall out.
        let hidden = crate::family::unseen_wall(self);
        let mut pool: ArrayVec<Pai, 144> = hidden.iter().map(|&i| crate::family::wall_tile(self, i).pai(red)).collect();
        for (i, p) in self.players.iter().enumerate().take(n) {
            if i != seat {
                pool.extend(p.hand.tiles());
            }
        }
        let mut rng = SplitMix64(seed ^ 0xD1B5_4A32_D192_ED03);
        for i in (1..pool.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            pool.swap(i, j);
        }
        // Flowers never stay in a hand: they go back to the wall.
        let (flowers, tiles): (ArrayVec<Pai, 144>, ArrayVec<Pai, 144>) = pool.into_iter().partition(|p| p.is_flower());
        let mut next = tiles.into_iter();
        let mut last_dealt = [None; 4];
        for (i, p) in g.players.iter_mut().enumerate().take(n) {
            if i == seat {
                continue;
            }
            let size = p.hand.total();
            p.hand = PaiCounts::EMPTY;
            for _ in 0..size {
                if let Some(pai) = next.next() {
                    p.hand.add(pai);
                    last_dealt[i] = Some(pai);
                }
            }
            p.repack(g.wait_rules.wildcard_tile);
            p.refresh_waits(&crate::family::seat_rules(self, i as Seat, self.hand_rules));
        }
        let mut rest: ArrayVec<Pai, 144> = next.chain(flowers).collect();
        // The flowers were put last: mixed in again (riichi's wall has none, and its order stays).
        let mix = if self.rules.family.has_chinese_wall() { rest.len() } else { 0 };
        for i in (1..mix).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            rest.swap(i, j);
        }
        for (&pos, pai) in hidden.iter().zip(rest) {
            crate::family::set_wall_tile(&mut g, pos, canonical_id(pai));
        }
        // The pending decision, asked again of the new hands.
        match g.phase {
            Phase::Turn { seat: t, drawn: Some(_), reach, rinshan, .. } if usize::from(t) != seat => {
                let drawn = last_dealt[usize::from(t)].unwrap_or(Pai::UNKNOWN);
                // The hand before the draw decides the waits a tsumo is checked against.
                let p = &mut g.players[usize::from(t)];
                let mut before = p.hand;
                before.remove(drawn);
                let mut probe = p.clone();
                probe.hand = before;
                probe.repack(g.wait_rules.wildcard_tile);
                probe.refresh_waits(&crate::family::seat_rules(self, t, self.hand_rules));
                p.waits = probe.waits;
                let can_tsumo =
                    crate::family::may_complete(&g, t, drawn) && crate::family::can_win(&g, t, t, drawn, rinshan, None);
                g.phase = Phase::Turn { seat: t, drawn: Some(drawn), reach, rinshan, can_tsumo };
            }
            Phase::Claims { from, pai, on, reach, .. } => {
                let (asked, ron, hit) = match on {
                    crate::game::ClaimOn::Discard => crate::legal::discard_claims(&g, from, pai),
                    other => {
                        let (ron, hit) = crate::legal::chankan_claims(&g, from, pai, other);
                        (ron, ron, hit)
                    }
                };
                g.answers = [crate::Action::None; 4];
                g.phase = Phase::Claims { from, pai, on, asked, answered: 0, ron, hit, reach };
                if asked == 0 {
                    // Nobody may answer any more: the game moves on as if all had passed.
                    g.resolve_claims();
                }
            }
            _ => {}
        }
        g
    }
}

/// An id of this tile: copy 0 for a red five, copy 3 (never red) for any other, a flower's own.
fn canonical_id(pai: Pai) -> PaiId {
    if pai.is_flower() {
        return PaiId(136 + (pai.index() - Pai::FLOWER_1.index()));
    }
    let k = pai.kind_index() as u8;
    PaiId(k * 4 + if pai.is_red() { 0 } else { 3 })
}

fn mask(event: Event, seat: Seat) -> Event {
    match event {
        Event::Tsumo { actor, .. } if actor != seat => Event::Tsumo { actor, pai: Pai::UNKNOWN },
        // Tiles passed (换三张) are seen by who gives and who receives them.
        Event::Huansanzhang { actor, target, .. } if actor != seat && target != seat => {
            Event::Huansanzhang { actor, target, pais: [Pai::UNKNOWN; 3] }
        }
        Event::StartKyoku { bakaze, dora_marker, kyoku, honba, kyotaku, oya, scores, mut tehais } => {
            for (i, hand) in tehais.iter_mut().enumerate() {
                if i != usize::from(seat) {
                    *hand = [Pai::UNKNOWN; 13];
                }
            }
            Event::StartKyoku { bakaze, dora_marker, kyoku, honba, kyotaku, oya, scores, tehais }
        }
        other => other,
    }
}
