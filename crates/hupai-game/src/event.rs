//! What happened: the events a game produces, one for each thing a log records, named and shaped
//! as mjai names them (the event set Mortal and mjai.app use, with `kita` for three players).
//!
//! Events are produced for logs and observers and never read back by the engine: a replay drives
//! the engine with the actions a log records and compares the events it produces. Every event is
//! a plain `Copy` value with fixed-size fields, so producing one allocates nothing.

use crate::pai::Pai;
use crate::rules::GameRules;

/// A seat, 0–3 (0 is the first dealer, the seats counter-clockwise from it, as mjai numbers them).
pub type Seat = u8;

/// Why a hand ended without a winner (mjai's `reason`, Tenhou's `RYUUKYOKU type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawReason {
    /// The live wall ran out (荒牌流局); tenpai payments follow.
    Exhaustive,
    /// Nine different terminals and honors in a first draw (九種九牌), declared.
    NineTerminals,
    /// The same wind discarded by all four players on the first go-around (四風連打).
    FourWinds,
    /// All four players declared riichi (四家立直).
    FourRiichi,
    /// A fourth kan by two or more players, then a discard nobody won on (四槓散了).
    FourKans,
    /// Three players won on one discard where the rules abort (三家和).
    TripleRon,
    /// The wall ran out and a player's discards were all terminals and honors, none called
    /// (流し満貫): paid like a mangan tsumo.
    Nagashi,
}

impl DrawReason {
    /// The name mjai (gimite's server) gives this reason.
    pub const fn mjai(self) -> &'static str {
        match self {
            DrawReason::Exhaustive => "fanpai",
            DrawReason::NineTerminals => "kyushukyuhai",
            DrawReason::FourWinds => "sufonrenta",
            DrawReason::FourRiichi => "suchareach",
            DrawReason::FourKans => "sukaikan",
            DrawReason::TripleRon => "sanchaho",
            DrawReason::Nagashi => "nagashimangan",
        }
    }

    /// The reason a log names, in any of the spellings the common writers use: mjai's
    /// (`fanpai`, `kyushukyuhai`, …), riichienv's (`exhaustive_draw`, `kyushu_kyuhai`, …), the
    /// long romanisations (`suufon_renda`, `suucha_riichi`, `suukaikan`, `sanchahou`), mjlog's
    /// `type` (`yao9`, `reach4`, `ron3`, `kan4`, `kaze4`, `nm`), English and Tenhou's Japanese
    /// names. Case, `_`, `-` and spaces are ignored. `None` for a name none of them use: a
    /// reader then keeps the draw without a reason, and the replay decides which draw it is
    /// from the game and checks the deltas.
    pub fn from_name(name: &str) -> Option<DrawReason> {
        let key: String = name.chars().filter(|c| !matches!(c, '_' | '-' | ' ')).flat_map(char::to_lowercase).collect();
        Some(match key.as_str() {
            "fanpai" | "exhaustive" | "exhaustivedraw" | "ryukyoku" | "ryuukyoku" | "howanpai" | "normal" | "流局"
            | "荒牌流局" | "全員聴牌" | "全員不聴" => DrawReason::Exhaustive,
            "kyushukyuhai" | "kyuushukyuuhai" | "kyuushuukyuuhai" | "kyushu" | "yao9" | "nineterminals"
            | "ninekinds" | "九種九牌" => DrawReason::NineTerminals,
            "sufonrenta" | "suufonrenda" | "sufonrenda" | "suufuurenda" | "sufurenda" | "kaze4" | "fourwinds"
            | "四風連打" => DrawReason::FourWinds,
            "suchareach" | "suuchariichi" | "sucharichi" | "suuchareach" | "reach4" | "fourriichi" | "fourreach"
            | "四家立直" => DrawReason::FourRiichi,
            "sukaikan" | "suukaikan" | "suukansanra" | "sukansanra" | "kan4" | "fourkans" | "fourkan" | "四槓散了" => {
                DrawReason::FourKans
            }
            "sanchaho" | "sanchahou" | "ron3" | "tripleron" | "三家和了" | "三家和" => DrawReason::TripleRon,
            "nagashimangan" | "nagashi" | "nm" | "流し満貫" => DrawReason::Nagashi,
            _ => return None,
        })
    }
}

/// Most yaku a scored win lists (every yaku of one hand plus dora, ura-dora and red fives).
pub const MOST_YAKU: usize = 20;

/// What a win was worth, kept with its `hora` event for logs that write yaku and points
/// (tenhou.net/6, mjlog).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WinScore {
    /// Han (13 per yakuman).
    pub han: u8,
    /// Fu.
    pub fu: u8,
    /// True if the han are yakuman.
    pub yakuman: bool,
    /// What the hand is worth before counters and sticks: the ron payment, or the tsumo total.
    pub points: u32,
    /// Tenhou's yaku ids with their han, `yaku_len` of them.
    pub yaku: [(u8, u8); MOST_YAKU],
    /// How many entries of `yaku` are used.
    pub yaku_len: u8,
    /// Who pays for the whole hand under pao (責任払い), if anyone.
    pub pao: Option<Seat>,
}

impl WinScore {
    /// A win a log names without its score (han, fu, points and yaku left for the replay to find).
    pub(crate) const UNSCORED: WinScore =
        WinScore { han: 0, fu: 0, yakuman: false, points: 0, yaku: [(0, 0); MOST_YAKU], yaku_len: 0, pao: None };

    /// The yaku in use.
    pub fn yaku(&self) -> &[(u8, u8)] {
        &self.yaku[..usize::from(self.yaku_len)]
    }
}

/// One thing that happened, as mjai records it. Score arrays have four entries; a three-player
/// game leaves the fourth 0 and its writers print three.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event {
    /// A game starts.
    StartGame {
        /// Players at the table, 3 or 4.
        players: u8,
        /// The rules, for a family other than riichi: mjai readers know only riichi, so the log
        /// of a Chinese family names its rules (`"rules"` in `start_game`) to be replayed.
        rules: Option<GameRules>,
    },
    /// A hand starts: the deal.
    StartKyoku {
        /// The round wind (`E`, `S`, `W`, `N`).
        bakaze: Pai,
        /// The first dora indicator.
        dora_marker: Pai,
        /// The hand's number within the round, 1–4.
        kyoku: u8,
        /// Counters (本場).
        honba: u8,
        /// Riichi sticks on the table (供託).
        kyotaku: u8,
        /// The dealer.
        oya: Seat,
        /// Scores at the start of the hand.
        scores: [i32; 4],
        /// Each seat's 13 tiles, in seat order (hidden tiles `?` in a masked view).
        tehais: [[Pai; 13]; 4],
    },
    /// A draw (after a kan or a kita, the replacement tile).
    Tsumo {
        /// Who drew.
        actor: Seat,
        /// The tile (`?` when hidden).
        pai: Pai,
    },
    /// A discard.
    Dahai {
        /// Who discarded.
        actor: Seat,
        /// The tile.
        pai: Pai,
        /// True if it is the tile just drawn (ツモ切り).
        tsumogiri: bool,
    },
    /// A chi (sequence) on the discard of the seat to the left.
    Chi {
        /// Who called.
        actor: Seat,
        /// Whose discard.
        target: Seat,
        /// The discard.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: [Pai; 2],
    },
    /// A pon (triplet) on a discard.
    Pon {
        /// Who called.
        actor: Seat,
        /// Whose discard.
        target: Seat,
        /// The discard.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: [Pai; 2],
    },
    /// An open kan on a discard (大明槓).
    Daiminkan {
        /// Who called.
        actor: Seat,
        /// Whose discard.
        target: Seat,
        /// The discard.
        pai: Pai,
        /// The three tiles from the hand.
        consumed: [Pai; 3],
    },
    /// A tile added to one's own pon (加槓).
    Kakan {
        /// Who added it.
        actor: Seat,
        /// The tile added.
        pai: Pai,
        /// The pon's three tiles.
        consumed: [Pai; 3],
    },
    /// A concealed kan (暗槓).
    Ankan {
        /// Who declared it.
        actor: Seat,
        /// The four tiles.
        consumed: [Pai; 4],
    },
    /// Three players: a north set aside as a dora (抜きドラ); a replacement draw follows.
    Kita {
        /// Who set it aside.
        actor: Seat,
        /// The tile (`N`).
        pai: Pai,
    },
    /// A flower set aside (GB), drawn or dealt: public, one fan each; the replacement tile from
    /// the back of the wall follows as a `tsumo`. mjai has no such event; hupai writes it
    /// `{"type": "hua", "actor": 0, "pai": "1f"}`.
    Hua {
        /// Whose flower.
        actor: Seat,
        /// The flower, `1f`–`8f`.
        pai: Pai,
    },
    /// A false win (错和, GB with `false_win_penalty`): a `hora` that does not win, played as the
    /// penalty; play goes on. mjai has no such event; hupai writes it
    /// `{"type": "cuohu", "actor": 0, "deltas": [-30, 10, 10, 10]}`.
    Cuohu {
        /// Who claimed the win.
        actor: Seat,
        /// Each seat's change of score.
        deltas: [i32; 4],
    },
    /// Birds turned over after a win (抓鸟, Hongzhong): the tiles, before the win they score with.
    Niao {
        /// The winner.
        actor: Seat,
        /// The birds, `len` of them.
        pais: [Pai; 8],
        /// How many entries of `pais` are used.
        len: u8,
    },
    /// Small wins of the deal declared (起手胡, Changsha) and paid before the first discard:
    /// `hands` counts each kind (四喜, 板板胡, 缺一色, 六六顺, in that order). mjai has no such
    /// event; hupai writes it `{"type": "qishouhu", "actor": 0, "hands": ["sixi", "liuliushun"],
    /// "deltas": [6, -2, -2, -2]}` (a kind counted twice is named twice).
    Qishouhu {
        /// Who declared.
        actor: Seat,
        /// How many of each kind: 四喜, 板板胡, 缺一色, 六六顺.
        hands: [u8; 4],
        /// Each seat's change of score.
        deltas: [i32; 4],
    },
    /// The two tiles a 开杠 opens from the back of the wall (Changsha), after its kong's event;
    /// hupai writes it `{"type": "kaigang", "actor": 0, "pais": ["3m", "7p"]}`.
    Kaigang {
        /// Who made the kong.
        actor: Seat,
        /// The two tiles.
        pais: [Pai; 2],
    },
    /// The wall's last tile taken by the player it was offered to (海底, Changsha); its `tsumo`
    /// follows. hupai writes it `{"type": "haidi", "actor": 2}`.
    Haidi {
        /// Who took it.
        actor: Seat,
    },
    /// Three tiles passed before play (换三张, Sichuan): `actor` gives `pais` to `target`. mjai has
    /// no such event; hupai writes it
    /// `{"type": "huansanzhang", "actor": 0, "target": 1, "pais": ["1m", "2m", "3m"]}`.
    Huansanzhang {
        /// Who passes the tiles.
        actor: Seat,
        /// Who receives them.
        target: Seat,
        /// The three tiles (`?` for a seat that neither gives nor receives them).
        pais: [Pai; 3],
    },
    /// A void suit declared (定缺, Sichuan); hupai writes it
    /// `{"type": "dingque", "actor": 0, "suit": "m"}`.
    Dingque {
        /// Who declared.
        actor: Seat,
        /// The suit.
        suit: hupai::Suit,
    },
    /// A kong's payments made as it is declared (刮风下雨, Sichuan): hupai writes it
    /// `{"type": "gangfen", "actor": 0, "deltas": [2, -2, 0, 0]}`.
    Gangfen {
        /// Who made the kong.
        actor: Seat,
        /// Each seat's change of score.
        deltas: [i32; 4],
    },
    /// A new dora indicator turned over (after a kan).
    Dora {
        /// The indicator.
        dora_marker: Pai,
    },
    /// A riichi declared; the declaring discard follows.
    Reach {
        /// Who declared.
        actor: Seat,
    },
    /// The riichi stands (nobody won on the declaring discard): 1,000 points on the table.
    ReachAccepted {
        /// Who declared.
        actor: Seat,
    },
    /// A win.
    Hora {
        /// The winner.
        actor: Seat,
        /// Who dealt in (the winner on a tsumo).
        target: Seat,
        /// The winning tile.
        pai: Pai,
        /// Each seat's change of score from this win, sticks and counters included.
        deltas: [i32; 4],
        /// The ura-dora indicators (`ura_len` of them; only after riichi).
        ura_markers: [Pai; 5],
        /// How many entries of `ura_markers` are used.
        ura_len: u8,
        /// What the hand was worth.
        score: WinScore,
    },
    /// A hand ends without a winner.
    Ryukyoku {
        /// Why.
        reason: DrawReason,
        /// Each seat's change of score (tenpai payments, nagashi).
        deltas: [i32; 4],
        /// Bit `s` set if seat `s` was tenpai (exhaustive draws).
        tenpai: u8,
    },
    /// A hand is over (its deltas already applied).
    EndKyoku,
    /// The game is over.
    EndGame {
        /// Final scores, sticks left on the table already settled as the rules say.
        scores: [i32; 4],
    },
}

impl Event {
    /// mjai's `type` of this event.
    pub const fn kind(&self) -> &'static str {
        match self {
            Event::StartGame { .. } => "start_game",
            Event::StartKyoku { .. } => "start_kyoku",
            Event::Tsumo { .. } => "tsumo",
            Event::Dahai { .. } => "dahai",
            Event::Chi { .. } => "chi",
            Event::Pon { .. } => "pon",
            Event::Daiminkan { .. } => "daiminkan",
            Event::Kakan { .. } => "kakan",
            Event::Ankan { .. } => "ankan",
            Event::Kita { .. } => "kita",
            Event::Hua { .. } => "hua",
            Event::Cuohu { .. } => "cuohu",
            Event::Niao { .. } => "niao",
            Event::Qishouhu { .. } => "qishouhu",
            Event::Kaigang { .. } => "kaigang",
            Event::Haidi { .. } => "haidi",
            Event::Huansanzhang { .. } => "huansanzhang",
            Event::Dingque { .. } => "dingque",
            Event::Gangfen { .. } => "gangfen",
            Event::Dora { .. } => "dora",
            Event::Reach { .. } => "reach",
            Event::ReachAccepted { .. } => "reach_accepted",
            Event::Hora { .. } => "hora",
            Event::Ryukyoku { .. } => "ryukyoku",
            Event::EndKyoku => "end_kyoku",
            Event::EndGame { .. } => "end_game",
        }
    }

    /// The seat that acted, for events a seat makes.
    pub const fn actor(&self) -> Option<Seat> {
        match *self {
            Event::Tsumo { actor, .. }
            | Event::Dahai { actor, .. }
            | Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. }
            | Event::Kakan { actor, .. }
            | Event::Ankan { actor, .. }
            | Event::Kita { actor, .. }
            | Event::Niao { actor, .. }
            | Event::Qishouhu { actor, .. }
            | Event::Kaigang { actor, .. }
            | Event::Haidi { actor }
            | Event::Huansanzhang { actor, .. }
            | Event::Dingque { actor, .. }
            | Event::Gangfen { actor, .. }
            | Event::Hua { actor, .. }
            | Event::Cuohu { actor, .. }
            | Event::Reach { actor }
            | Event::ReachAccepted { actor }
            | Event::Hora { actor, .. } => Some(actor),
            _ => None,
        }
    }
}

/// The small wins of the deal (起手胡) as the `qishouhu` event names them: 四喜, 板板胡, 缺一色,
/// 六六顺.
pub(crate) const OPENING_NAMES: [&str; 4] = ["sixi", "banban", "queyise", "liuliushun"];

/// The names of `hands` (counts per kind), a kind counted twice named twice.
pub(crate) fn opening_names(hands: &[u8; 4]) -> Vec<&'static str> {
    let mut names = Vec::new();
    for (name, &n) in OPENING_NAMES.iter().zip(hands) {
        names.extend(std::iter::repeat_n(*name, usize::from(n)));
    }
    names
}
