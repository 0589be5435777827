//! What a seat may do: [`Action`], named as mjai names a bot's reply, and [`Actions`], the
//! fixed-capacity list [`crate::Game::legal_actions`] fills without allocating.

use arrayvec::ArrayVec;

use crate::event::Seat;
use crate::pai::Pai;

/// One decision of one seat, as mjai names a bot's reply. Tiles name a kind and whether it is
/// the red five, never a copy: copies are interchangeable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Action {
    /// Discard a tile; `tsumogiri` when it is the tile just drawn (the same tile in the hand,
    /// discarded from the hand, is the other action).
    Dahai {
        /// The tile.
        pai: Pai,
        /// The tile just drawn.
        tsumogiri: bool,
    },
    /// Declare riichi; the discard that goes with it is the next decision.
    Reach,
    /// Chi the discard with two tiles of the hand.
    Chi {
        /// The discard.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: [Pai; 2],
    },
    /// Pon the discard with two tiles of the hand.
    Pon {
        /// The discard.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: [Pai; 2],
    },
    /// Open kan on the discard with three tiles of the hand.
    Daiminkan {
        /// The discard.
        pai: Pai,
        /// The three tiles from the hand.
        consumed: [Pai; 3],
    },
    /// Add a tile of the hand to one's pon.
    Kakan {
        /// The tile added.
        pai: Pai,
    },
    /// Concealed kan of four tiles of the hand.
    Ankan {
        /// The four tiles.
        consumed: [Pai; 4],
    },
    /// Three players: set a north aside.
    Kita,
    /// Win: tsumo on one's own draw, ron on a discard or a kan being added (chankan).
    Hora,
    /// Abort the hand with nine different terminals and honors (九種九牌), on one's first draw.
    Ryukyoku,
    /// Pass: decline every claim on a discard or a kan; under Changsha also decline the last
    /// tile offered (海底), a small win of the deal, or the win on the tiles of one's own 开杠.
    None,
    /// Changsha (起手胡): declare the small wins the hand holds at the deal (四喜, 板板胡, 缺一色,
    /// 六六顺), paid before the first discard.
    Qishouhu,
    /// Changsha (开杠): a kong of `pai` (concealed, added to a pung, or on a discard as the phase
    /// says) with two tiles opened from the back of the wall instead of one replacement; allowed
    /// only when the hand is ready after the kong. The plain kong (`ankan`, `kakan`,
    /// `daiminkan`) is 补张.
    Kaigang {
        /// The kind of the kong.
        pai: Pai,
    },
    /// Changsha (海底): take the wall's last tile, offered to each player in turn.
    Haidi,
    /// Sichuan (换三张): one of the three tiles of one suit to pass before play. The three are
    /// chosen one at a time, the first fixing the suit, so that the legal actions list each tile
    /// rather than every choice of three.
    Exchange {
        /// The tile.
        pai: Pai,
    },
    /// Sichuan (定缺): the suit declared void before play.
    Dingque {
        /// The suit: characters, dots or bamboo.
        suit: hupai::Suit,
    },
}

impl Action {
    /// mjai's `type` of this action.
    pub const fn kind(&self) -> &'static str {
        match self {
            Action::Dahai { .. } => "dahai",
            Action::Reach => "reach",
            Action::Chi { .. } => "chi",
            Action::Pon { .. } => "pon",
            Action::Daiminkan { .. } => "daiminkan",
            Action::Kakan { .. } => "kakan",
            Action::Ankan { .. } => "ankan",
            Action::Kita => "kita",
            Action::Hora => "hora",
            Action::Ryukyoku => "ryukyoku",
            Action::None => "none",
            Action::Qishouhu => "qishouhu",
            Action::Kaigang { .. } => "kaigang",
            Action::Haidi => "haidi",
            Action::Exchange { .. } => "huansanzhang",
            Action::Dingque { .. } => "dingque",
        }
    }
}

/// Most actions one seat can have at once: 14 discards, each twice (from the hand and the drawn
/// tile), plus riichi, kans, kita, a win and an abort, with room to spare; or every chi, pon and
/// kan on one discard.
pub const MOST_ACTIONS: usize = 48;

/// The legal actions of one seat at one moment, in a fixed order (the order of [`Action`]'s
/// variants, then tiles in mjai order), filled without allocating.
pub type Actions = ArrayVec<Action, MOST_ACTIONS>;

/// An action in a few words for messages: `dahai 5mr`, `pon 5m with 5m 5mr`.
pub(crate) fn action_text(_actor: Seat, action: &Action) -> String {
    match action {
        Action::Dahai { pai, tsumogiri: true } => format!("dahai {pai} (tsumogiri)"),
        Action::Dahai { pai, .. } => format!("dahai {pai}"),
        Action::Chi { pai, consumed } | Action::Pon { pai, consumed } => {
            format!("{} {pai} with {} {}", action.kind(), consumed[0], consumed[1])
        }
        Action::Daiminkan { pai, consumed } => {
            format!("daiminkan {pai} with {} {} {}", consumed[0], consumed[1], consumed[2])
        }
        Action::Kakan { pai } => format!("kakan {pai}"),
        Action::Ankan { consumed } => format!("ankan {}", consumed[0]),
        Action::Kaigang { pai } => format!("kaigang {pai}"),
        Action::Exchange { pai } => format!("huansanzhang {pai}"),
        Action::Dingque { suit } => format!("dingque {}", suit.letter()),
        other => other.kind().to_string(),
    }
}
