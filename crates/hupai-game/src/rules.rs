//! The rules of a game as data: [`GameRules`], one plain value of named flags, with the platform
//! presets ([`GameRules::preset`]), printable and loadable as JSON so that a server can change
//! one flag of a preset (`{"preset": "tenhou", "nagashi_mangan": false}`).
//!
//! Every flag and every preset's value is listed with its source in `docs/game.md`. The `family`
//! says which rules the flags belong to: riichi (the default, so rules written before there were
//! other families read as they did), scored by `hupai-score`'s riichi scorer with the preset
//! named by `scoring`; or the Chinese Official rules (`gb`), scored by its GB scorer.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use hupai_score::{gb, riichi};

/// The rule family a game is played under: what the tiles and the wall are, which claims a
/// discard allows, what a win needs and pays, and how the match goes on (`crate::family`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Family {
    /// Japanese riichi mahjong, for four or three players.
    #[default]
    Riichi,
    /// Chinese Official rules (国标麻将, *Mahjong Competition Rules*): 144 tiles with flowers, the
    /// 8-fan minimum, one winner per discard, no riichi, dora or furiten.
    Gb,
    /// Red-dragon mahjong (红中麻将): 112 tiles, the four red dragons wild, pung and kong but no
    /// chow, self-draw wins (on a discard as an option), birds turned over after a win, and
    /// kong payments; scored by `hupai-score`'s `hongzhong` table.
    Hongzhong,
    /// Changsha mahjong (长沙麻将): 108 tiles, chow, pung and kong, the 2-5-8 pair for small wins
    /// and big wins without it (`hupai-score`'s `changsha` table), the small wins of the deal
    /// (起手胡), 补张 or 开杠, the last tile offered in turn (海底), and birds (扎鸟).
    Changsha,
    /// Sichuan mahjong (血战到底): 108 tiles, three tiles passed (换三张) and a void suit declared
    /// (定缺) before play, pung and kong but no chow, kong payments as they are made, several
    /// winners on one discard, play going on after a win until one player is left or the wall is
    /// empty, and the checks of an exhaustive draw; scored by `hupai-score`'s `sichuan` table.
    Sichuan,
}

impl Family {
    /// The name rules JSON uses.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Riichi => "riichi",
            Family::Gb => "gb",
            Family::Hongzhong => "hongzhong",
            Family::Changsha => "changsha",
            Family::Sichuan => "sichuan",
        }
    }

    /// The family's name in prose.
    pub const fn title(self) -> &'static str {
        match self {
            Family::Riichi => "riichi",
            Family::Gb => "GB",
            Family::Hongzhong => "Hongzhong",
            Family::Changsha => "Changsha",
            Family::Sichuan => "Sichuan",
        }
    }

    fn is_riichi(&self) -> bool {
        *self == Family::Riichi
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn is_zero_points(n: &i32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_true(b: &bool) -> bool {
    *b
}

fn yes() -> bool {
    true
}

fn one() -> i32 {
    1
}

fn two() -> i32 {
    2
}

fn six() -> i32 {
    6
}

fn is_one(n: &i32) -> bool {
    *n == 1
}

fn is_two(n: &i32) -> bool {
    *n == 2
}

fn is_six(n: &i32) -> bool {
    *n == 6
}

fn three_hundred() -> i32 {
    300
}

fn is_three_hundred(n: &i32) -> bool {
    *n == 300
}

/// How long a game lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum GameLength {
    /// One hand (a single kyoku: East 1), for tests and hand-by-hand training.
    Single,
    /// The east round (東風戦).
    East,
    /// East and south rounds (半荘戦, hanchan).
    South,
    /// All four prevailing winds: east, south, west and north rounds (GB's match of 16 hands;
    /// 一荘戦 in riichi).
    North,
}

/// Who wins when several players claim ron on one discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum MultipleRon {
    /// Only the first claimant in turn order from the discarder wins (頭ハネ).
    HeadBump,
    /// Every claimant wins (double ron; triple ron too unless `triple_ron_draw`).
    All,
}

/// When the indicator of a kan dora is turned over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum KanDora {
    /// Right after the kan, before the replacement draw.
    Immediate,
    /// When the player who made the kan discards (or makes another kan) after the replacement
    /// draw; a win on the replacement tile does not see it.
    AfterDiscard,
}

/// Who pays the counters (本場) of a ron on a liability (pao) hand when the discarder is not the
/// liable player: the two split the hand's value, and the counters go on one of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum PaoHonba {
    /// The discarder pays them (the common written rule).
    #[default]
    Discarder,
    /// The liable player pays them (Tenhou's and Mahjong Soul's results).
    Liable,
}

/// The scoring options a game's wins are scored with: one of `hupai-score`'s riichi presets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Scoring {
    /// Tenhou: open tanyao, no double yakuman, counted yakuman, no kiriage.
    Tenhou,
    /// Mahjong Soul: open tanyao, double yakuman, counted yakuman.
    Mahjongsoul,
    /// World Riichi Championship: no counted yakuman, kiriage mangan.
    Wrc,
    /// M-League: no counted yakuman, kiriage mangan.
    Mleague,
}

impl Scoring {
    fn name(self) -> &'static str {
        match self {
            Scoring::Tenhou => "tenhou",
            Scoring::Mahjongsoul => "mahjongsoul",
            Scoring::Wrc => "wrc",
            Scoring::Mleague => "mleague",
        }
    }
}

/// The rules of a riichi game: every flag a platform sets differently. One plain `Copy` value;
/// [`GameRules::preset`] gives the platforms' rules, [`GameRules::from_json`] a preset with
/// flags changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct GameRules {
    /// The rule family (`riichi` when not given).
    #[serde(default, skip_serializing_if = "Family::is_riichi")]
    pub family: Family,
    /// Players at the table: 4, or 3 (三人麻雀: 108 tiles without 2m–8m, no chi, north as
    /// nuki dora).
    pub players: u8,
    /// How long the game lasts.
    pub length: GameLength,
    /// Each player's points at the start.
    pub starting_points: i32,
    /// The points a player must reach for the game to end after the last hand (and the return
    /// points of the oka: the top player gets `(target_points - starting_points) × players`).
    pub target_points: i32,
    /// The placement bonus (ウマ) in points for first to last place (three entries count in a
    /// three-player game).
    pub uma: [i32; 4],
    /// How many of each numbered suit's fives are red (m, p, s).
    pub red_fives: [u8; 3],
    /// The scoring preset wins are scored with (red fives count as dora whenever there are any).
    pub scoring: Scoring,
    /// A player may not discard, right after a chi or pon, the kind just called or the tile at
    /// the other end of the chi's sequence (喰い替え禁止).
    pub kuikae_forbidden: bool,
    /// Several players winning on one discard.
    pub multiple_ron: MultipleRon,
    /// Three players claiming ron on one discard abort the hand (三家和) instead of winning.
    pub triple_ron_draw: bool,
    /// When an open kan's (daiminkan, kakan) dora indicator is turned over.
    pub open_kan_dora: KanDora,
    /// When a concealed kan's dora indicator is turned over.
    pub closed_kan_dora: KanDora,
    /// A thirteen-orphans hand may rob a concealed kan (国士無双の暗槓搶槓).
    pub kokushi_chankan_ankan: bool,
    /// An exhaustive draw pays a player whose discards were all terminals and honors, none
    /// called, a mangan (流し満貫).
    pub nagashi_mangan: bool,
    /// Nine different terminals and honors in a first draw may abort the hand (九種九牌).
    pub nine_terminals_draw: bool,
    /// Four players discarding the same wind first abort the hand (四風連打).
    pub four_winds_draw: bool,
    /// Four riichi declarations abort the hand (四家立直).
    pub four_riichi_draw: bool,
    /// A fourth kan by more than one player aborts the hand after its discard (四槓散了).
    pub four_kans_draw: bool,
    /// The game ends when a player's score falls below zero (飛び).
    pub busting: bool,
    /// In the last hand, a dealer in first place who wins ends the game (和了止め) instead of
    /// continuing; applied automatically. Given alone in a rules object, it sets `tenpai_yame`
    /// too (one flag covered both before there were two).
    pub agari_yame: bool,
    /// In the last hand, a dealer in first place who is tenpai at an exhaustive draw ends the
    /// game (聴牌止め) instead of continuing (Tenhou before mid-2010 played on).
    #[serde(default = "yes")]
    pub tenpai_yame: bool,
    /// A wait on a kind whose four copies the seat itself holds, one or more of them in its melds
    /// (a called or kan'd copy), still makes it tenpai: at an exhaustive draw (its payments, the
    /// dealer's repeat) and for riichi, as 電脳麻将 counts it (`@kobalab/majiang-core` skips a
    /// kind only when the concealed tiles hold all four). Off, such a hand is noten (純カラ), as
    /// Tenhou counts it. A hand whose concealed tiles hold all four copies of its only wait is
    /// noten either way.
    #[serde(default, skip_serializing_if = "is_false")]
    pub karaten_tenpai: bool,
    /// If nobody reaches `target_points` after the last hand, the game goes on into the next
    /// round until somebody does (西入・南入), at most one round more.
    pub extension: bool,
    /// In the extension every hand is an all-last: a dealer who repeats plays on although a seat
    /// has reached `target_points` (unless it stops in first place, `agari_yame` /
    /// `tenpai_yame`), as Tenhou's logs show. Off, the game ends after any hand of the extension
    /// once a seat has (電脳麻将's sudden death, `延長戦方式`).
    #[serde(default = "yes")]
    pub extension_renchan: bool,
    /// Live tiles that must be left to declare riichi.
    pub riichi_min_wall: u8,
    /// The player who fed the third dragon or fourth wind meld of a big three dragons or big
    /// four winds pays for it (包, pao).
    pub pao: bool,
    /// Riichi sticks left on the table at the end go to the player in first place.
    pub leftover_sticks_to_top: bool,
    /// On a multiple ron, the counters (本場) are paid to every winner, not only to the first in
    /// turn order (riichi sticks always go to the first).
    pub honba_each_winner: bool,
    /// What one counter (本場) adds to a ron: 300 (1,500 in some custom lobbies). A tsumo's
    /// payers each pay a third of it; with three players a ron is paid two thirds of it (200),
    /// the two payers' shares, as Tenhou's three-player rules pay. A multiple of 3.
    #[serde(default = "three_hundred", skip_serializing_if = "is_three_hundred")]
    pub honba_points: i32,
    /// Who pays the counters of a ron on a liability (pao) hand when the discarder is not the
    /// liable player.
    #[serde(default)]
    pub pao_honba: PaoHonba,
    /// An open hand may win with all simples (喰い断, kuitan); left out (`null`), the `scoring`
    /// preset's (all of them have it). Tenhou's lobbies without it say 喰 nowhere in their name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_tanyao: Option<bool>,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to a mangan (切り上げ満貫); left out (`null`),
    /// the `scoring` preset's (M-League's and the WRC's have it, Tenhou's and Mahjong Soul's not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kiriage: Option<bool>,
    /// The total an exhaustive draw's noten players pay to the tenpai ones (不聴罰符).
    pub noten_penalty: i32,
    /// Three players: a north may be set aside as a dora (抜きドラ).
    pub kita: bool,
    /// Three players: a tsumo's missing fourth share is split between the payers (北家折半)
    /// rather than not paid (ツモ損).
    pub sanma_tsumo_split: bool,
    /// The prevailing wind the game starts in: 0 east, 1 south, 2 west, 3 north (a single hand
    /// of a given round, as the GB competitions deal them).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub start_wind: u8,
    /// The seat that deals the first hand (0 unless given: with `start_wind`, which hand of the
    /// round the game starts with).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub start_dealer: u8,
    /// GB: what a false win (错和) costs. 0 (the default): a `hora` that does not win is refused
    /// like any illegal action. Above 0: it is played as the Competition Rules' penalty, the
    /// seat paying this many points to each other player, and play goes on (its turn, or its
    /// answer taken as a pass).
    #[serde(default, skip_serializing_if = "is_zero_points")]
    pub false_win_penalty: i32,
    /// Hongzhong: tiles turned over as birds after a win (抓鸟), each one that hits (a 1, 5 or 9,
    /// or a red dragon, as the scorer's table maps them) adding its points.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub birds: u8,
    /// Hongzhong: a player may also win on a discard, and by robbing an added kong (点炮胡); by
    /// default only self-drawn wins count (自摸胡).
    #[serde(default, skip_serializing_if = "is_false")]
    pub discard_wins: bool,
    /// Changsha: what a small win (小胡) won on a discard is paid by the discarder (the scorer's
    /// small-win value).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub small_win: i32,
    /// Changsha: what each other player pays for a self-drawn small win, and for each small win
    /// of the deal (起手胡).
    #[serde(default = "two", skip_serializing_if = "is_two")]
    pub small_win_self_draw: i32,
    /// Changsha: what each big win (大胡) of a winning hand is paid, by the discarder or, on a
    /// self-draw, by each other player (the scorer's base per big win).
    #[serde(default = "six", skip_serializing_if = "is_six")]
    pub big_win: i32,
    /// Changsha: each bird that hits the winner or a payer doubles that payment (中鸟翻倍); off
    /// (the default), each adds the payment once more (中鸟加分).
    #[serde(default, skip_serializing_if = "is_false")]
    pub bird_doubles: bool,
    /// Changsha: the small wins of the deal (起手胡: 四喜, 板板胡, 缺一色, 六六顺) may be declared
    /// and are paid before the first discard.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub opening_wins: bool,
    /// Sichuan: before play each player passes three tiles of one suit (换三张), to the next
    /// player, the previous one or across as the dice say.
    #[serde(default, skip_serializing_if = "is_false")]
    pub exchange_three: bool,
    /// Sichuan: a winner stays in the hand and may win again (血流成河), its hand locked (it
    /// discards what it draws); off, a winner leaves the hand (血战到底).
    #[serde(default, skip_serializing_if = "is_false")]
    pub blood_river: bool,
    /// Sichuan and Hongzhong: what a kong is paid, `[exposed, added, concealed]`: a kong called on
    /// a discard (直杠 / 点杠) by the discarder, a tile added to one's pung (巴杠 / 刮风) and a
    /// concealed kong (暗杠 / 下雨) by each other player still in the hand. Sichuan counts them in
    /// the scoring table's base, Hongzhong in points. Left out (`null`), the family's custom:
    /// Sichuan 2, 1, 2 (the servers' 刮风下雨), Hongzhong 3, 1, 2 ([`GameRules::kong_payments`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kong_payments: Option<[i32; 3]>,
    /// Sichuan: a player who discards right after its own kong and deals into a win passes that
    /// kong's income to the winner (呼叫转移, 杠上炮); off, the kong-maker keeps it.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub call_transfer: bool,
    /// Sichuan: at an exhaustive draw a player not ready returns what its kongs were paid (退税);
    /// off, kong income stands.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub kong_refund: bool,
    /// Sichuan: at an exhaustive draw a flower pig (花猪) also pays each ready player what 查大叫
    /// asks of a hand not ready, besides the cap it pays for being a flower pig; off (the
    /// servers' rule texts: 查大叫 is paid by the players not ready, flower pigs excepted), a
    /// flower pig pays the cap only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub flower_pig_pays_ready: bool,
    /// Sichuan: 退税 also returns the payments of a kong whose income already passed to a winner
    /// by 呼叫转移, the kong-maker paying it a second time; off (the common reading: 退税
    /// returns what the kong-maker still holds of its kongs' income), such a kong is settled.
    #[serde(default, skip_serializing_if = "is_false")]
    pub refund_transferred_kong: bool,
    /// Sichuan: 退税 returns a kong's payment to a payer that has since won and left the hand as
    /// to any other (on, the servers' rule texts name no exception); off, only the payers still
    /// in the hand at the draw are refunded.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub refund_to_winners: bool,
    /// GB: each player deals and draws from a wall of its own, a quarter of the tiles (the
    /// dealer's the first 36 of the wall, then the next seats' in turn), taking from its end for
    /// the deal, its draws and every flower's and kong's replacement, as Botzone's Chinese
    /// Standard Mahjong judge (`judge/main.cpp`) deals. The hand is drawn when the player to draw
    /// finds its wall empty; 妙手回春 and 海底捞月 are won when the wall of the player after the
    /// one who drew or discarded is empty; a chow, pung or kong of a discard is refused when the
    /// wall of the player after the discarder is empty, a concealed or added kong when the
    /// player's own wall or the next player's is. Off (the default): one wall for the table.
    #[serde(default, skip_serializing_if = "is_false")]
    pub per_player_walls: bool,
    /// GB: a flower drawn as a kong's replacement ends the kong, so the tile that replaces the
    /// flower does not win 杠上开花 (the Botzone judge's reading). Off (the default): 杠上开花
    /// follows the kong through its flowers.
    #[serde(default, skip_serializing_if = "is_false")]
    pub flower_ends_kong: bool,
}

/// The names of the match presets [`GameRules::preset`] knows (whole games).
pub const PRESETS: [&str; 11] = [
    "tenhou",
    "mahjong-soul",
    "m-league",
    "wrc",
    "tenhou-3p",
    "mahjong-soul-3p",
    "majiang",
    "gb",
    "hongzhong",
    "changsha",
    "sichuan",
];

/// The names of the one-hand presets [`GameRules::preset`] knows besides [`PRESETS`].
pub const ONE_HAND_PRESETS: [&str; 2] = ["gb-single", "gb-botzone"];

impl GameRules {
    /// Tenhou's ranked four-player hanchan (鳳凰卓 rules).
    pub const TENHOU: GameRules = GameRules {
        family: Family::Riichi,
        players: 4,
        length: GameLength::South,
        starting_points: 25000,
        target_points: 30000,
        uma: [20000, 10000, -10000, -20000],
        red_fives: [1, 1, 1],
        scoring: Scoring::Tenhou,
        kuikae_forbidden: true,
        multiple_ron: MultipleRon::All,
        triple_ron_draw: true,
        open_kan_dora: KanDora::AfterDiscard,
        closed_kan_dora: KanDora::Immediate,
        kokushi_chankan_ankan: true,
        nagashi_mangan: true,
        nine_terminals_draw: true,
        four_winds_draw: true,
        four_riichi_draw: true,
        four_kans_draw: true,
        busting: true,
        agari_yame: true,
        tenpai_yame: true,
        karaten_tenpai: false,
        extension: true,
        extension_renchan: true,
        riichi_min_wall: 4,
        pao: true,
        leftover_sticks_to_top: true,
        honba_each_winner: false,
        honba_points: 300,
        pao_honba: PaoHonba::Liable,
        open_tanyao: None,
        kiriage: None,
        noten_penalty: 3000,
        kita: false,
        sanma_tsumo_split: false,
        start_wind: 0,
        start_dealer: 0,
        false_win_penalty: 0,
        birds: 0,
        discard_wins: false,
        small_win: 1,
        small_win_self_draw: 2,
        big_win: 6,
        bird_doubles: false,
        opening_wins: true,
        exchange_three: false,
        blood_river: false,
        kong_payments: None,
        call_transfer: true,
        kong_refund: true,
        flower_pig_pays_ready: false,
        refund_transferred_kong: false,
        refund_to_winners: true,
        per_player_walls: false,
        flower_ends_kong: false,
    };

    /// Mahjong Soul's ranked four-player hanchan (段位戦).
    pub const MAHJONG_SOUL: GameRules = GameRules {
        uma: [15000, 5000, -5000, -15000],
        scoring: Scoring::Mahjongsoul,
        kokushi_chankan_ankan: true,
        honba_each_winner: true,
        ..GameRules::TENHOU
    };

    /// M-League: no abortive draws but nine terminals, head bump, kiriage, no busting, no extension.
    pub const M_LEAGUE: GameRules = GameRules {
        uma: [30000, 10000, -10000, -30000],
        scoring: Scoring::Mleague,
        multiple_ron: MultipleRon::HeadBump,
        triple_ron_draw: false,
        kokushi_chankan_ankan: false,
        four_winds_draw: false,
        four_riichi_draw: false,
        four_kans_draw: false,
        busting: false,
        agari_yame: false,
        tenpai_yame: false,
        extension: false,
        pao_honba: PaoHonba::Discarder,
        ..GameRules::TENHOU
    };

    /// The World Riichi Championship rules: no red fives, head bump, no abortive draws, no
    /// busting, no nagashi mangan.
    pub const WRC: GameRules = GameRules {
        uma: [15000, 5000, -5000, -15000],
        red_fives: [0, 0, 0],
        scoring: Scoring::Wrc,
        multiple_ron: MultipleRon::HeadBump,
        triple_ron_draw: false,
        kokushi_chankan_ankan: false,
        nagashi_mangan: false,
        nine_terminals_draw: false,
        four_winds_draw: false,
        four_riichi_draw: false,
        four_kans_draw: false,
        busting: false,
        agari_yame: false,
        tenpai_yame: false,
        extension: false,
        leftover_sticks_to_top: false,
        pao_honba: PaoHonba::Discarder,
        ..GameRules::TENHOU
    };

    /// Tenhou's three-player hanchan.
    pub const TENHOU_3P: GameRules = GameRules {
        players: 3,
        starting_points: 35000,
        target_points: 40000,
        uma: [15000, 0, -15000, 0],
        red_fives: [0, 1, 1],
        triple_ron_draw: false,
        four_winds_draw: false,
        noten_penalty: 2000,
        kita: true,
        ..GameRules::TENHOU
    };

    /// 電脳麻将 (kobalab's `@kobalab/majiang-core`, its `Majiang.rule()` defaults): Tenhou's
    /// hanchan with double yakuman (`ダブル役満あり`), the counters of a liability ron on the
    /// discarder (its `hule.js`), no kiriage, 30,000 to stop or end (`オーラス止めあり`,
    /// `延長戦方式` sudden death: its `Game` ends the extension after any hand once a seat has
    /// 30,000, a dealer's repeat or not), sticks left to first place.
    pub const MAJIANG: GameRules = GameRules {
        scoring: Scoring::Mahjongsoul,
        pao_honba: PaoHonba::Discarder,
        extension_renchan: false,
        karaten_tenpai: true,
        ..GameRules::TENHOU
    };

    /// Mahjong Soul's three-player hanchan.
    pub const MAHJONG_SOUL_3P: GameRules =
        GameRules { scoring: Scoring::Mahjongsoul, honba_each_winner: true, ..GameRules::TENHOU_3P };

    /// The Chinese Official match (国标麻将, *Mahjong Competition Rules*): four prevailing winds of
    /// four hands, the dealer passing every hand, the seats changing between rounds. Scores start
    /// at 0 and move by fans (8 + fan from the discarder, 8 from the others; 8 + fan from each on a
    /// self-draw). Every riichi flag is off; the ones GB leaves to the family are refused if set
    /// ([`GameRules::check`]).
    pub const GB: GameRules = GameRules {
        family: Family::Gb,
        players: 4,
        length: GameLength::North,
        starting_points: 0,
        target_points: 0,
        uma: [0; 4],
        red_fives: [0, 0, 0],
        scoring: Scoring::Tenhou,
        kuikae_forbidden: false,
        multiple_ron: MultipleRon::HeadBump,
        triple_ron_draw: false,
        open_kan_dora: KanDora::Immediate,
        closed_kan_dora: KanDora::Immediate,
        kokushi_chankan_ankan: false,
        nagashi_mangan: false,
        nine_terminals_draw: false,
        four_winds_draw: false,
        four_riichi_draw: false,
        four_kans_draw: false,
        busting: false,
        agari_yame: false,
        tenpai_yame: false,
        karaten_tenpai: false,
        extension: false,
        extension_renchan: false,
        riichi_min_wall: 0,
        pao: false,
        leftover_sticks_to_top: false,
        honba_each_winner: false,
        honba_points: 300,
        pao_honba: PaoHonba::Discarder,
        open_tanyao: None,
        kiriage: None,
        noten_penalty: 0,
        kita: false,
        sanma_tsumo_split: false,
        start_wind: 0,
        start_dealer: 0,
        false_win_penalty: 0,
        birds: 0,
        discard_wins: false,
        small_win: 1,
        small_win_self_draw: 2,
        big_win: 6,
        bird_doubles: false,
        opening_wins: true,
        exchange_three: false,
        blood_river: false,
        kong_payments: None,
        call_transfer: true,
        kong_refund: true,
        flower_pig_pays_ready: false,
        refund_transferred_kong: false,
        refund_to_winners: true,
        per_player_walls: false,
        flower_ends_kong: false,
    };

    /// One GB hand, the competitions' format (Botzone, IJCAI): east round, seat 0 dealing unless
    /// `start_wind` / `start_dealer` say otherwise.
    pub const GB_SINGLE: GameRules = GameRules { length: GameLength::Single, ..GameRules::GB };

    /// One GB hand as Botzone's Chinese Standard Mahjong judge plays it (the IJCAI competitions'
    /// judge): each player with a wall of its own (`per_player_walls`), a flower ending a kong's
    /// 杠上开花 (`flower_ends_kong`), seat 0 dealing in the east round unless `start_wind` says
    /// otherwise. The rules Botzone bots are judged by.
    pub const GB_BOTZONE: GameRules =
        GameRules { per_player_walls: true, flower_ends_kong: true, ..GameRules::GB_SINGLE };

    /// Red-dragon mahjong (红中麻将) as most servers deal it: four players, 112 tiles, the red
    /// dragons wild and never discarded, pung and kong only, self-draw wins only, two birds, eight
    /// hands with the winner dealing next. Scores start at 0 and move by the table's points.
    pub const HONGZHONG: GameRules =
        GameRules { family: Family::Hongzhong, length: GameLength::South, birds: 2, ..GameRules::GB };

    /// Changsha mahjong (长沙麻将) as the rule texts give it: four players, 108 tiles, chow from the
    /// left, pung and kong, the 2-5-8 pair for small wins, several winners on one discard, the
    /// small wins of the deal, two birds, eight hands with the winner dealing next. Scores start
    /// at 0 and move by the `changsha` table's units (a small win 1, or 2 from each player
    /// self-drawn; 6 for each big win).
    pub const CHANGSHA: GameRules = GameRules {
        family: Family::Changsha,
        length: GameLength::South,
        multiple_ron: MultipleRon::All,
        birds: 2,
        ..GameRules::GB
    };

    /// Sichuan mahjong (血战到底) as the servers deal it: four players, 108 tiles, three tiles
    /// passed (换三张) and a void suit declared (定缺) before play, several winners on one discard
    /// (一炮多响), a winner leaving the hand, eight hands with the first winner dealing next.
    /// Scores start at 0 and move by the `sichuan` table's points.
    pub const SICHUAN: GameRules = GameRules {
        family: Family::Sichuan,
        length: GameLength::South,
        multiple_ron: MultipleRon::All,
        exchange_three: true,
        ..GameRules::GB
    };

    /// What a kong is paid under these rules, `[exposed, added, concealed]` ([`GameRules::kong_payments`]
    /// field, else the family's custom; nothing outside Sichuan and Hongzhong).
    pub fn kong_payments(&self) -> [i32; 3] {
        match (self.kong_payments, self.family) {
            (Some(amounts), Family::Sichuan | Family::Hongzhong) => amounts,
            (None, Family::Sichuan) => [2, 1, 2],
            (None, Family::Hongzhong) => [3, 1, 2],
            _ => [0; 3],
        }
    }

    /// A preset by name ([`PRESETS`]).
    pub fn preset(name: &str) -> Option<GameRules> {
        Some(match name {
            "tenhou" => GameRules::TENHOU,
            "mahjong-soul" => GameRules::MAHJONG_SOUL,
            "m-league" => GameRules::M_LEAGUE,
            "wrc" => GameRules::WRC,
            "tenhou-3p" => GameRules::TENHOU_3P,
            "mahjong-soul-3p" => GameRules::MAHJONG_SOUL_3P,
            "majiang" => GameRules::MAJIANG,
            "gb" => GameRules::GB,
            "gb-single" => GameRules::GB_SINGLE,
            "gb-botzone" => GameRules::GB_BOTZONE,
            "hongzhong" => GameRules::HONGZHONG,
            "changsha" => GameRules::CHANGSHA,
            "sichuan" => GameRules::SICHUAN,
            _ => return None,
        })
    }

    /// Reads rules from a preset name or a JSON object: `"tenhou"`, or
    /// `{"preset": "tenhou", "length": "east"}` (the preset's flags with the object's applied),
    /// or a full object of every flag. An unknown flag, a value of the wrong type, or rules that
    /// contradict each other are errors naming the flag.
    pub fn from_json(text: &str) -> Result<GameRules, RulesError> {
        let trimmed = text.trim();
        if !trimmed.starts_with('{') {
            let name = trimmed.trim_matches('"');
            return GameRules::preset(name).ok_or_else(|| RulesError::unknown_preset(name));
        }
        let value: Value =
            serde_json::from_str(trimmed).map_err(|e| RulesError { flag: None, message: e.to_string() })?;
        let Value::Object(mut object) = value else { unreachable!("text starting with '{{' parsed as an object") };
        let base = match object.remove("preset") {
            None => None,
            Some(Value::String(name)) => {
                Some(GameRules::preset(&name).ok_or_else(|| RulesError::unknown_preset(&name))?)
            }
            Some(other) => {
                return Err(RulesError {
                    flag: Some("preset".into()),
                    message: format!("expected a name, found {other}"),
                });
            }
        };
        GameRules::with_flags(base, object)
    }

    fn with_flags(base: Option<GameRules>, object: Map<String, Value>) -> Result<GameRules, RulesError> {
        let mut merged = match base {
            Some(rules) => match serde_json::to_value(rules) {
                Ok(Value::Object(m)) => m,
                _ => Map::new(),
            },
            None => Map::new(),
        };
        // Every flag, those left out of the printed rules when at their default too.
        let every = GameRules {
            honba_points: 3,
            open_tanyao: Some(true),
            kiriage: Some(true),
            start_wind: 1,
            start_dealer: 1,
            false_win_penalty: 10,
            birds: 1,
            discard_wins: true,
            small_win: 0,
            small_win_self_draw: 0,
            big_win: 0,
            bird_doubles: true,
            opening_wins: false,
            exchange_three: true,
            blood_river: true,
            kong_payments: Some([1, 1, 1]),
            call_transfer: false,
            kong_refund: false,
            flower_pig_pays_ready: true,
            refund_transferred_kong: true,
            refund_to_winners: false,
            per_player_walls: true,
            flower_ends_kong: true,
            karaten_tenpai: true,
            ..GameRules::TENHOU
        };
        let mut known = match serde_json::to_value(every) {
            Ok(Value::Object(m)) => m,
            _ => Map::new(),
        };
        known.insert("family".into(), Value::from(Family::Riichi.name()));
        let given_agari_yame = object.contains_key("agari_yame");
        let given_tenpai_yame = object.contains_key("tenpai_yame");
        for (key, value) in object {
            if !known.contains_key(&key) {
                let flags: Vec<&str> = known.keys().map(String::as_str).collect();
                return Err(RulesError {
                    message: format!("unknown flag; the flags are preset, {}", flags.join(", ")),
                    flag: Some(key),
                });
            }
            // Each flag on its own, so that an error names the flag.
            let mut probe = known.clone();
            probe.insert(key.clone(), value.clone());
            if let Err(e) = serde_json::from_value::<GameRules>(Value::Object(probe)) {
                return Err(RulesError { message: e.to_string(), flag: Some(key) });
            }
            merged.insert(key, value);
        }
        // One flag covered both before there were two: `agari_yame` given without
        // `tenpai_yame` sets both.
        if given_agari_yame
            && !given_tenpai_yame
            && let Some(v) = merged.get("agari_yame").cloned()
        {
            merged.insert("tenpai_yame".into(), v);
        }
        let rules: GameRules = serde_json::from_value(Value::Object(merged))
            .map_err(|e| RulesError { flag: None, message: format!("{e} (give a preset, or every flag)") })?;
        rules.check()?;
        Ok(rules)
    }

    /// Refuses rules that contradict each other or that the engine cannot play.
    pub fn check(&self) -> Result<(), RulesError> {
        let bad = |flag: &str, message: &str| Err(RulesError { flag: Some(flag.into()), message: message.into() });
        if !matches!(self.players, 3 | 4) {
            return bad("players", "must be 3 or 4");
        }
        if self.start_wind > 3 {
            return bad("start_wind", "must be 0 (east) to 3 (north)");
        }
        if self.start_dealer >= self.players {
            return bad("start_dealer", "must be a seat at the table");
        }
        if let Some(amounts) = self.kong_payments {
            if !matches!(self.family, Family::Sichuan | Family::Hongzhong) {
                return bad("kong_payments", "a Sichuan and Hongzhong rule");
            }
            if amounts.iter().any(|a| !(0..=1_000_000).contains(a)) {
                return bad("kong_payments", "three amounts from 0 to 1,000,000: exposed, added, concealed");
            }
        }
        if self.family != Family::Sichuan {
            let sichuan_only = [
                ("call_transfer", !self.call_transfer),
                ("kong_refund", !self.kong_refund),
                ("flower_pig_pays_ready", self.flower_pig_pays_ready),
                ("refund_transferred_kong", self.refund_transferred_kong),
                ("refund_to_winners", !self.refund_to_winners),
            ];
            if let Some((flag, _)) = sichuan_only.iter().find(|(_, changed)| *changed) {
                return bad(flag, "a Sichuan rule");
            }
        }
        if self.family != Family::Gb && (self.per_player_walls || self.flower_ends_kong) {
            return bad(
                if self.per_player_walls { "per_player_walls" } else { "flower_ends_kong" },
                "a GB rule (the Botzone judge's)",
            );
        }
        if self.family == Family::Changsha {
            return self.check_changsha();
        }
        let changsha_only = [
            ("small_win", self.small_win != 1),
            ("small_win_self_draw", self.small_win_self_draw != 2),
            ("big_win", self.big_win != 6),
            ("bird_doubles", self.bird_doubles),
            ("opening_wins", !self.opening_wins),
        ];
        if let Some((flag, _)) = changsha_only.iter().find(|(_, set)| *set) {
            return bad(flag, "a Changsha rule");
        }
        if self.family == Family::Gb {
            return self.check_gb();
        }
        if self.family != Family::Sichuan && (self.exchange_three || self.blood_river) {
            return bad(if self.exchange_three { "exchange_three" } else { "blood_river" }, "a Sichuan rule");
        }
        if self.family == Family::Sichuan {
            if self.birds > 0 || self.discard_wins {
                return bad(if self.birds > 0 { "birds" } else { "discard_wins" }, "a Hongzhong rule");
            }
            if self.false_win_penalty != 0 {
                return bad("false_win_penalty", "a GB rule: Sichuan refuses a false win");
            }
            // Several winners on one discard (一炮多响) or the first in turn order only (截胡):
            // both are Sichuan's.
            return GameRules { multiple_ron: MultipleRon::HeadBump, ..*self }.check_gb();
        }
        if self.family == Family::Hongzhong {
            if self.birds > 8 {
                return bad("birds", "at most 8 birds");
            }
            return self.check_gb();
        }
        if self.birds > 0 || self.discard_wins {
            return bad(if self.birds > 0 { "birds" } else { "discard_wins" }, "a Hongzhong or Changsha rule");
        }
        if self.false_win_penalty != 0 {
            return bad("false_win_penalty", "a GB rule: riichi refuses a false win");
        }
        if self.red_fives.iter().any(|&r| r > 1) || (self.players == 3 && self.red_fives[0] > 0) {
            return bad(
                "red_fives",
                "at most one red five per suit (the scorer's sets have one), and none of characters with three players",
            );
        }
        if self.starting_points <= 0 || self.target_points < self.starting_points {
            return bad("target_points", "starting_points must be positive and target_points at least starting_points");
        }
        if !(0..=100_000).contains(&self.honba_points) || self.honba_points % 3 != 0 {
            return bad("honba_points", "a multiple of 3 from 0 to 100,000 (a tsumo's payers each pay a third)");
        }
        if self.kita && self.players == 4 {
            return bad("kita", "north as nuki dora is a three-player rule");
        }
        if self.noten_penalty < 0 || self.noten_penalty % if self.players == 4 { 6 } else { 2 } != 0 {
            return bad("noten_penalty", "must be a positive total the tenpai and noten players can split evenly");
        }
        if self.riichi_min_wall > 70 {
            return bad("riichi_min_wall", "must be at most the live wall");
        }
        Ok(())
    }

    /// Changsha: the payments are amounts, at most 8 birds, no Hongzhong or GB flag, and GB's
    /// refusals of the riichi flags, except that one winner or several per discard are both
    /// Changsha's.
    fn check_changsha(&self) -> Result<(), RulesError> {
        let bad = |flag: &str, message: &str| Err(RulesError { flag: Some(flag.into()), message: message.into() });
        for (flag, value) in [
            ("small_win", self.small_win),
            ("small_win_self_draw", self.small_win_self_draw),
            ("big_win", self.big_win),
        ] {
            if !(0..=1_000_000).contains(&value) {
                return bad(flag, "a payment: 0 to 1,000,000 points");
            }
        }
        if self.birds > 8 {
            return bad("birds", "at most 8 birds");
        }
        if self.discard_wins {
            return bad("discard_wins", "a Hongzhong rule: Changsha always wins on discards");
        }
        if self.false_win_penalty != 0 {
            return bad("false_win_penalty", "a GB rule: Changsha refuses a false win");
        }
        GameRules { multiple_ron: MultipleRon::HeadBump, ..*self }.check_gb()
    }

    /// GB: four players, scores from any start, and none of the riichi flags that would change how
    /// the family plays.
    fn check_gb(&self) -> Result<(), RulesError> {
        let bad = |flag: &str, message: &str| Err(RulesError { flag: Some(flag.into()), message: message.into() });
        if self.players != 4 {
            return bad("players", &format!("{} is played by four", self.family.title()));
        }
        if self.target_points < self.starting_points {
            return bad("target_points", "must be at least starting_points");
        }
        if self.false_win_penalty < 0 {
            return bad("false_win_penalty", "a penalty is paid, not received: 0 or more");
        }
        let riichi_only = [
            ("red_fives", self.red_fives != [0; 3]),
            ("kuikae_forbidden", self.kuikae_forbidden),
            ("multiple_ron", self.multiple_ron != MultipleRon::HeadBump),
            ("triple_ron_draw", self.triple_ron_draw),
            ("kokushi_chankan_ankan", self.kokushi_chankan_ankan),
            ("nine_terminals_draw", self.nine_terminals_draw),
            ("four_winds_draw", self.four_winds_draw),
            ("four_riichi_draw", self.four_riichi_draw),
            ("four_kans_draw", self.four_kans_draw),
            ("kita", self.kita),
            ("karaten_tenpai", self.karaten_tenpai),
        ];
        if let Some((flag, _)) = riichi_only.iter().find(|(_, set)| *set) {
            return bad(
                flag,
                &format!(
                    "a riichi rule; {} has one winner per discard (head_bump), no red fives, kuikae or abortive draws",
                    self.family.title()
                ),
            );
        }
        Ok(())
    }

    /// The name of the preset these rules are ([`PRESETS`] and the one-hand presets), if they are
    /// one.
    pub fn preset_name(&self) -> Option<&'static str> {
        PRESETS.iter().chain(&ONE_HAND_PRESETS).copied().find(|name| GameRules::preset(name) == Some(*self))
    }

    /// The rules as a JSON object of every flag.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// The riichi scoring options wins are scored with under these rules.
    pub fn scoring_options(&self) -> riichi::Options {
        let mut o = riichi::Options::preset(self.scoring.name()).unwrap_or_default();
        o.has_aka_dora = self.red_fives.iter().any(|&r| r > 0);
        o.sanma = self.players == 3;
        if let Some(kuitan) = self.open_tanyao {
            o.has_open_tanyao = kuitan;
        }
        if let Some(kiriage) = self.kiriage {
            o.kiriage = kiriage;
        }
        o.sanma_tsumo = if self.sanma_tsumo_split { riichi::SanmaTsumo::Split } else { riichi::SanmaTsumo::Loss };
        o
    }

    /// The hupai rules a hand is checked with (`riichi`, or `sanma` for three players).
    pub fn hand_rules(&self) -> hupai::Rules {
        match self.family {
            Family::Gb => hupai::Rules::GB,
            Family::Hongzhong => hupai::Rules::HONGZHONG,
            Family::Changsha => CHANGSHA_HAND_RULES,
            Family::Sichuan => hupai::Rules::SICHUAN,
            Family::Riichi if self.players == 3 => hupai::Rules::SANMA,
            Family::Riichi => hupai::Rules::RIICHI,
        }
    }

    /// The GB scoring options wins are scored with: the reference calculator's reading of every
    /// point (明暗杠, and the waits of 边张 / 嵌张 / 单钓将 as the reference reads them), so that
    /// the engine's settlements agree with the competition judge's.
    pub fn gb_options(&self) -> gb::Options {
        let mut o = gb::Options::default();
        o.kongs_as_book = false;
        o.live_waits = false;
        o.minimum = 8;
        o
    }

    /// The rules a log's `start_game` names: those of a family other than riichi (mjai readers
    /// play riichi only, so such a log must name its rules to be replayed), `None` for riichi,
    /// whose logs stay as mjai writes them.
    pub fn named_in_logs(&self) -> Option<GameRules> {
        (self.family != Family::Riichi).then_some(*self)
    }

    /// Tiles in the set: 136, 108 for three players, 144 under GB (the eight flowers).
    pub const fn tile_count(&self) -> usize {
        match self.family {
            Family::Gb => 144,
            Family::Hongzhong => 112,
            Family::Changsha => 108,
            Family::Sichuan => 108,
            Family::Riichi if self.players == 3 => 108,
            Family::Riichi => 136,
        }
    }
}

/// Rules that could not be read: the flag (if one is to blame) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", flag.as_ref().map(|f| format!("rules flag '{f}': ")).unwrap_or_default())]
#[non_exhaustive]
pub struct RulesError {
    /// The flag, if one is to blame.
    pub flag: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl RulesError {
    fn unknown_preset(name: &str) -> RulesError {
        RulesError {
            flag: Some("preset".into()),
            message: format!(
                "unknown preset '{name}'; the presets are {}, {}",
                PRESETS.join(", "),
                ONE_HAND_PRESETS.join(", ")
            ),
        }
    }
}

/// The rules waits are checked with: every shape a Changsha win may take (melds with any pair,
/// seven pairs with a four of a kind as two pairs). The scorer then decides whether a completed
/// hand wins (a small win needs the 2-5-8 pair); 将将胡, which needs no shape, is added by
/// the family. Over the 136 tiles rather than the 108: a hand of numbered tiles waits
/// on the same tiles either way (an honor could only complete a pair the hand holds half of), and
/// hupai's keyed lookups answer these rules fast.
pub(crate) const CHANGSHA_HAND_RULES: hupai::Rules =
    hupai::Rules::SICHUAN.with_void_rule(hupai::VoidSuit::Off).with_tiles(hupai::TileSupply::Standard136);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_print_and_load_back() {
        for name in PRESETS.into_iter().chain(ONE_HAND_PRESETS) {
            let rules = GameRules::preset(name).unwrap();
            rules.check().unwrap();
            let text = rules.to_json().to_string();
            assert_eq!(GameRules::from_json(&text).unwrap(), rules, "{name}");
            assert_eq!(GameRules::from_json(name).unwrap(), rules);
        }
    }

    #[test]
    fn the_family_and_the_start_default_to_riichi_east_one() {
        // Rules printed before there were families read the same, and riichi prints as it did.
        let printed = GameRules::TENHOU.to_json();
        for key in ["family", "start_wind", "start_dealer"] {
            assert!(printed.get(key).is_none(), "{key} printed at its default");
        }
        let r = GameRules::from_json(r#"{"preset": "tenhou", "family": "riichi", "start_wind": 1, "start_dealer": 2}"#)
            .unwrap();
        assert_eq!((r.family, r.start_wind, r.start_dealer), (Family::Riichi, 1, 2));
        assert_eq!(r.to_json()["start_wind"], 1);
        let e = GameRules::from_json(r#"{"preset": "tenhou", "start_wind": 4}"#).unwrap_err();
        assert_eq!(e.flag.as_deref(), Some("start_wind"));
        let e = GameRules::from_json(r#"{"preset": "tenhou-3p", "start_dealer": 3}"#).unwrap_err();
        assert_eq!(e.flag.as_deref(), Some("start_dealer"));
        let e = GameRules::from_json(r#"{"preset": "tenhou", "family": "bridge"}"#).unwrap_err();
        assert_eq!(e.flag.as_deref(), Some("family"));
    }

    #[test]
    fn one_flag_changed_and_bad_flags_named() {
        let r = GameRules::from_json(r#"{"preset": "tenhou", "length": "east"}"#).unwrap();
        assert_eq!(r.length, GameLength::East);
        assert_eq!(r.players, 4);
        let e = GameRules::from_json(r#"{"preset": "tenhou", "nagshi": true}"#).unwrap_err();
        assert_eq!(e.flag.as_deref(), Some("nagshi"));
        let e = GameRules::from_json(r#"{"preset": "tenhou", "length": "forever"}"#).unwrap_err();
        assert_eq!(e.flag.as_deref(), Some("length"));
        let e = GameRules::from_json(r#"{"preset": "tenhou", "players": 5}"#).unwrap_err();
        assert_eq!(e.flag.as_deref(), Some("players"));
        let e = GameRules::from_json("tenhuo").unwrap_err();
        assert!(e.to_string().contains("tenhou, mahjong-soul"), "{e}");
        assert!(GameRules::from_json(r#"{"length": "east"}"#).is_err());
    }
}
