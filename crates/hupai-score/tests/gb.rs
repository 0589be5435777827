//! GB scoring on hand-checked examples: every total below was worked out from the Green Book's
//! fan list and exclusion rules (the reasoning is in the comments) and agrees with the reference
//! calculator (PyMahjongGB 1.4.0) unless a comment says why not; plus the options, the errors,
//! the JSON answer's shape and wildcards against a brute force over their assignments.

use hupai::{Hand, Tile};
use hupai_score::gb::{self, Fan, Options};
use hupai_score::{ScoreError, Scorer, Situation};
use serde_json::{Value, json};

fn situation(v: Value) -> Situation {
    let Value::Object(map) = v else { panic!("an object") };
    Situation::from_json(&map).expect("a valid situation")
}

fn score_with(v: Value, options: &Options) -> gb::Score {
    gb::score(&situation(v.clone()), options).unwrap_or_else(|e| panic!("{v}: {e}"))
}

fn score(v: Value) -> gb::Score {
    score_with(v, &Options::default())
}

/// The fans as (fan, count), in number order.
fn fans(s: &gb::Score) -> Vec<(Fan, u16)> {
    s.fans.iter().map(|f| (f.kind(), f.count)).collect()
}

fn check(v: Value, total: u32, expected: &[(Fan, u16)]) {
    let s = score(v.clone());
    assert_eq!(fans(&s), expected, "{v}: {}", s.reading);
    assert_eq!(s.fan, total, "{v}");
    let sum: u32 = s.fans.iter().map(|f| u32::from(f.fan) * u32::from(f.count)).sum();
    assert_eq!(sum, total, "{v}: the total is the sum of the fans");
}

use Fan::*;

#[test]
fn mixed_straight_with_the_seat_and_round_wind() {
    // 123m 456p 789s is 花龙 (8); 111z is east, the seat and the round: 圈风刻 2 and 门风刻 2,
    // and no 幺九刻 for it; ron with nothing exposed: 门前清 2; 1112z waited on 2z alone: 单钓 1.
    check(
        json!({"hand": "123m456p789s11122z", "win": "2z"}),
        15,
        &[(MixedStraight, 1), (PrevalentWind, 1), (SeatWind, 1), (ConcealedHand, 1), (SingleWait, 1)],
    );
}

#[test]
fn big_four_winds_leaves_out_the_pungs_fans() {
    // 大四喜 88 leaves out 三风刻, 碰碰和, 圈风刻, 门风刻, 幺九刻. Four concealed pungs on a
    // self-draw: 四暗刻 64, which turns 不求人 into 自摸 1; one suit and honors: 混一色 6; the pair
    // was the only wait: 单钓 1.
    check(
        json!({"hand": "111z222z333z444z55m", "win": "5m", "tsumo": true}),
        160,
        &[(BigFourWinds, 1), (FourConcealedPungs, 1), (HalfFlush, 1), (SingleWait, 1), (SelfDrawn, 1)],
    );
}

#[test]
fn combining_once_and_not_the_same_fan_twice() {
    // 234567s 234567p: 喜相逢 twice and 连六 once (套算一次: four chows make at most three
    // two-chow fans; the duplicates go first), never two of each.
    check(
        json!({"hand": "234567s234567p11z", "win": "1z"}),
        7,
        &[(ConcealedHand, 1), (MixedDoubleChow, 2), (ShortStraight, 1), (OneVoidedSuit, 1), (SingleWait, 1)],
    );
    // 234s 223344567p: 一般高, 喜相逢 and 连六, not 喜相逢 twice (不得相同).
    check(
        json!({"hand": "234s223344567p99m", "win": "9m"}),
        8,
        &[
            (ConcealedHand, 1),
            (AllChows, 1),
            (PureDoubleChow, 1),
            (MixedDoubleChow, 1),
            (ShortStraight, 1),
            (SingleWait, 1),
        ],
    );
}

#[test]
fn kongs_as_the_reference_and_as_the_book() {
    // One melded and one concealed kong: the reference's 明暗杠 (5), or the book's 明杠 1 + 暗杠 2.
    // 5z and 7z pungs: 双箭刻 6; no characters... dots and characters present, bamboo missing: 缺一门.
    let v = json!({"hand": "123m456p11z[5555z](7777z)", "win": "1z", "tsumo": true});
    let reference = score(v.clone());
    assert_eq!(reference.fan, 14);
    assert!(fans(&reference).contains(&(ConcealedKongAndMeldedKong, 1)));
    let book = score_with(v, &Options::book());
    assert_eq!(book.fan, 12);
    assert!(fans(&book).contains(&(MeldedKong, 1)) && fans(&book).contains(&(ConcealedKong, 1)));
    assert!(!fans(&book).contains(&(ConcealedKongAndMeldedKong, 1)));
}

#[test]
fn a_wait_on_a_kind_held_four_times_is_a_wait_unless_waits_are_live() {
    // 23m beside a melded kong of 1m: the reference counts 1m as a wait, so no wait fan (the
    // default, and `"waits": "reference"` said outright). Read live, no 1m is left to draw, so
    // the hand waited on 4m alone: 边张.
    let v = json!({"hand": "234m456p789s11z[1111m]", "win": "4m"});
    check(v.clone(), 2, &[(PungOfTerminalsOrHonors, 1), (MeldedKong, 1)]);
    let reference = Options::default().with_json(&json!({"waits": "reference"})).unwrap();
    assert_eq!(reference, Options::default());
    let live = Options::default().with_json(&json!({"waits": "live"})).unwrap();
    assert!(live.live_waits);
    let s = score_with(v, &live);
    assert_eq!(s.fan, 3);
    assert!(fans(&s).contains(&(EdgeWait, 1)));
    let bad = Options::default().with_json(&json!({"waits": "book"})).unwrap_err().to_string();
    assert!(bad.contains("options.waits") && bad.contains("\"reference\" or \"live\""), "{bad}");
}

#[test]
fn the_special_forms() {
    // 全不靠 with a whole knitted straight: 全不靠 12 + 组合龙 12; self-drawn 1.
    check(
        json!({"hand": "147m258p369s12345z", "win": "5z", "tsumo": true}),
        25,
        &[(LesserHonorsAndKnittedTiles, 1), (KnittedStraight, 1), (SelfDrawn, 1)],
    );
    // Seven honors and seven knitted tiles: 七星不靠 24 alone.
    check(json!({"hand": "14m25p369s1234567z", "win": "7z"}), 24, &[(GreaterHonorsAndKnittedTiles, 1)]);
    // 组合龙 with 234m and 55m: 组合龙 12, 门前清 2, 平和 2 (chow and a numbered pair).
    check(
        json!({"hand": "12344557m258p369s", "win": "5m"}),
        16,
        &[(KnittedStraight, 1), (ConcealedHand, 1), (AllChows, 1)],
    );
    // 连七对 88 leaves out 七对, 清一色, 门前清, 单钓; self-drawn 1.
    check(
        json!({"hand": "11223344556677m", "win": "7m", "tsumo": true}),
        89,
        &[(SevenShiftedPairs, 1), (SelfDrawn, 1)],
    );
    // 2–8 shifted pairs are also 断幺.
    check(json!({"hand": "22334455667788s", "win": "8s"}), 90, &[(SevenShiftedPairs, 1), (AllSimples, 1)]);
    // Seven pairs 24 with no honors 1; the sets-and-pair reading (一般高 twice …) scores less.
    check(json!({"hand": "112233m445566p77s", "win": "7s"}), 25, &[(SevenPairs, 1), (NoHonors, 1)]);
    // 十三幺 88 leaves out 五门齐, 门前清, 单钓; self-drawn 1.
    check(
        json!({"hand": "19m19p19s1234567z9p", "win": "9p", "tsumo": true}),
        89,
        &[(ThirteenOrphans, 1), (SelfDrawn, 1)],
    );
    // 九莲宝灯 won on 2m: 111 22 345 678 999 adds 双暗刻, 连六 and one 幺九刻 (the other pung of
    // terminals belongs to the nine gates).
    check(
        json!({"hand": "11122345678999m", "win": "2m"}),
        92,
        &[(NineGates, 1), (TwoConcealedPungs, 1), (ShortStraight, 1), (PungOfTerminalsOrHonors, 1)],
    );
}

#[test]
fn how_the_hand_won() {
    // 三色双龙会 16 leaves out 平和, 无字, 喜相逢, 老少副; the last tile drawn: 妙手回春 8, which
    // leaves out 自摸; all concealed: 不求人 4; the 5s pair was the only wait: 单钓 1.
    check(
        json!({"hand": "123789m123789p55s", "win": "5s", "tsumo": true, "haitei": true}),
        29,
        &[(ThreeSuitedTerminalChows, 1), (LastTileDraw, 1), (FullyConcealedHand, 1), (SingleWait, 1)],
    );
    // Four melds and a win on the last discard: 全求人 6 (no 单钓), 海底捞月 8, 清龙 16, 混一色 6,
    // east pung in the east round and seat: 圈风刻 2 + 门风刻 2.
    check(
        json!({"hand": "11m[123m][456m][789m][111z]", "win": "1m", "houtei": true}),
        40,
        &[(PureStraight, 1), (LastTileClaim, 1), (HalfFlush, 1), (MeldedHand, 1), (PrevalentWind, 1), (SeatWind, 1)],
    );
    // Four kongs and a replacement-tile win: 四杠 88, 一色四节高 48 (2345p), 杠上开花 8 (no 自摸),
    // 断幺 2, 缺一门 1; 四杠 leaves out 单钓 and 碰碰和.
    check(
        json!({"hand": "22m[2222p](3333p)[4444p][5555p]", "win": "2m", "tsumo": true, "rinshan": true}),
        147,
        &[(FourKongs, 1), (FourPureShiftedPungs, 1), (OutWithReplacementTile, 1), (AllSimples, 1), (OneVoidedSuit, 1)],
    );
    // A win on a tile robbed from a kong: 抢杠和 8 (and never 和绝张 besides).
    let s = score(json!({"hand": "123m456p789s11z234m", "win": "4m", "chankan": true, "last_copy": true}));
    assert!(fans(&s).contains(&(RobbingTheKong, 1)) && !fans(&s).iter().any(|f| f.0 == LastTile));
    // Three copies of the winning tile in the melds: it is the last copy, flag or not (和绝张 4).
    let s = score(json!({"hand": "123m456p11z[111m][789s]", "win": "1m"}));
    assert!(fans(&s).contains(&(LastTile, 1)), "{:?}", fans(&s));
}

#[test]
fn flowers_count_but_not_toward_the_minimum() {
    // 三色三同顺 8, 断幺 2, 单钓 1, and three flowers.
    let s = score(json!({"hand": "234m234p234s66m[888s]", "win": "6m", "flowers": 3}));
    assert_eq!(s.fan, 14);
    assert!(s.enough);
    assert!(fans(&s).contains(&(FlowerTiles, 3)));
    // 平和 2, 门前清 2, 一般高 1, 喜相逢 1 … under 8 without flowers, however many.
    let s = score(json!({"hand": "123m123p456789s55m", "win": "5m", "flowers": 8}));
    assert!(!s.enough, "{}", s.fan);
    assert!(s.fan >= 8);
    // The bonus tiles written in the hand count as flowers.
    let s = score(json!({"hand": "234m234p234s66m[888s]1f2f", "win": "6m"}));
    assert!(fans(&s).contains(&(FlowerTiles, 2)));
    // A minimum of 0 makes every win enough.
    let zero = Options::default().with_json(&json!({"minimum": 0})).unwrap();
    assert!(score_with(json!({"hand": "123m123p456789s55m", "win": "5m"}), &zero).enough);
}

#[test]
fn chicken_hand() {
    // Nothing at all: exposed sets, three suits and one honor kind (no 五门齐), chows of unrelated
    // ranks, a 2-to-8 pung, a two-sided wait (56m on 4m or 7m), a discard.
    check(
        json!({"hand": "456m55z[789s][345p][666p]", "win": "4m", "seat": "2z", "round": "3z"}),
        8,
        &[(ChickenHand, 1)],
    );
}

fn err(v: Value) -> ScoreError {
    let Value::Object(map) = v.clone() else { panic!() };
    match Situation::from_json(&map) {
        Ok(s) => gb::score(&s, &Options::default()).expect_err(&v.to_string()),
        Err(e) => e,
    }
}

#[test]
fn impossible_situations_are_errors() {
    let hand = "123m456p789s11122z";
    for (v, needle) in [
        (json!({"hand": hand, "win": "2z", "haitei": true}), "haitei"),
        (json!({"hand": hand, "win": "2z", "houtei": true, "tsumo": true}), "houtei"),
        (json!({"hand": hand, "win": "2z", "chankan": true, "tsumo": true}), "chankan"),
        (json!({"hand": hand, "win": "2z", "rinshan": true, "tsumo": true}), "kong"),
        (json!({"hand": hand, "win": "2z", "rinshan": true}), "tsumo"),
        // The hand holds another 2z: not the last copy, and no kong of 2z to rob.
        (json!({"hand": hand, "win": "2z", "last_copy": true}), "last_copy"),
        (json!({"hand": hand, "win": "2z", "chankan": true}), "chankan"),
        (json!({"hand": "123m456p789s11z[222z]", "win": "3z"}), "winning tile"),
        (json!({"hand": "12m456p789s111z55z9m", "win": "9m"}), "does not win"),
        // A kong of 9s robbed while the hand shows a chow holding one.
        (json!({"hand": "123m456p789s11z[789s]", "win": "9s", "chankan": true}), "chankan"),
    ] {
        let e = err(v.clone()).to_string();
        assert!(e.contains(needle), "{v}: {e}");
    }
    let e = err(json!({"hand": "123m456p789s11122z", "win": "2z", "riichi": true}));
    assert!(matches!(e, ScoreError::Key { ref key, .. } if key == "riichi"), "{e}");
    let e = err(json!({"hand": "123m456p789s1122z", "win": "2z"}));
    assert!(matches!(e, ScoreError::NoWin(_)), "{e}");
    let e = err(json!({"hand": "123m456p789s11123z", "win": "2z"}));
    assert!(matches!(e, ScoreError::NoWin(_)), "{e}");
    let e = err(json!({"hand": "123m456p789s11122z1f", "win": "2z", "flowers": 3}));
    assert!(matches!(e, ScoreError::Key { ref key, .. } if key == "flowers"), "{e}");
}

#[test]
fn the_json_answer() {
    let scorer = Scorer::by_name("gb").unwrap();
    let a = scorer.score_line(r#"{"hand": "123m456p789s11122z", "win": "2z", "flowers": 1}"#);
    let keys: Vec<&str> = a.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["enough", "fan", "fans", "reading"]);
    assert_eq!(a["fan"], 16);
    assert_eq!(a["enough"], true);
    assert_eq!(a["reading"], "22z 123m 456p 789s 111z");
    assert_eq!(a["fans"][0], json!({"id": 39, "name": "Mixed Straight", "fan": 8, "count": 1}));
    assert_eq!(a["fans"].as_array().unwrap().last().unwrap()["id"], 81);
    let bad = scorer.score_line(r#"{"hand": "123m456p789s11122z", "win": "2z", "options": {"kongs": "loud"}}"#);
    assert!(bad["error"].as_str().unwrap().contains("options.kongs"), "{bad}");
    let bad = scorer.score_line(r#"{"hand": "123m456p789s11122z", "win": "2z", "options": {"speed": 1}}"#);
    assert!(bad["error"].as_str().unwrap().contains("options.speed"), "{bad}");
}

#[test]
fn names_and_numbers() {
    assert_eq!(Fan::from_id(1), Some(BigFourWinds));
    assert_eq!(BigFourWinds.name_zh(), "大四喜");
    assert_eq!(ChickenHand.id(), 43);
    assert_eq!(ChickenHand.name_en(), "Chicken Hand");
    assert_eq!(FlowerTiles.id(), 81);
    assert_eq!(ConcealedKongAndMeldedKong.id(), 82);
    assert_eq!(ConcealedKongAndMeldedKong.value(), 5);
}

/// Every concrete hand the wildcards of `hand` can become (each wildcard any kind, at most four
/// copies), scored; the best total, or None if none wins.
fn brute_force_best(hand: &str, win: &str) -> Option<u32> {
    let h: Hand = hand.parse().unwrap();
    let n = usize::from(h.wildcards());
    let base = hand.replace('*', "");
    let mut best = None;
    let mut kinds = vec![0usize; n];
    loop {
        let extra: String = kinds.iter().map(|&k| Tile::ALL[k].to_string()).collect();
        if let Ok(concrete) = format!("{base}{extra}").parse::<Hand>() {
            let s = Situation::new(concrete, win.parse().unwrap());
            if let Ok(score) = gb::score(&s, &Options::default()) {
                best = best.max(Some(score.fan));
            }
        }
        // Next assignment (nondecreasing, since wildcards are interchangeable).
        let mut i = n;
        loop {
            if i == 0 {
                return best;
            }
            i -= 1;
            if kinds[i] < 33 {
                kinds[i] += 1;
                for j in i + 1..n {
                    kinds[j] = kinds[i];
                }
                break;
            }
        }
    }
}

#[test]
fn wildcards_score_as_their_best_assignment() {
    for (hand, win) in [
        ("123m456p789s1112z*", "2z"),
        ("123m456p789s111z5z*", "5z"),
        ("1122334455667m*", "7m"),
        ("19m19p19s1123456z*", "1z"),
        ("147m258p369s1234z*", "1z"),
        ("123m456p789s11z5z**", "1z"),
        ("1112345678999m*", "1m"),
        ("234m5m*[888s][123p][456p]", "2m"),
    ] {
        let s = score(json!({"hand": hand, "win": win}));
        assert_eq!(Some(s.fan), brute_force_best(hand, win), "{hand} on {win}: {}", s.reading);
    }
    // Too many wildcards to try every assignment: refused, never guessed.
    let e = err(json!({"hand": "123m***********", "win": "1m"}));
    assert!(matches!(e, ScoreError::Unsupported(_)), "{e}");
    // The winning tile may be a wildcard's: 123m456p789s111z9p* won on 9p pairs the 9p.
    let s = score(json!({"hand": "123m456p789s111z9p*", "win": "9p"}));
    assert!(s.reading.to_string().starts_with("99p"), "{}", s.reading);
}

/// The lines of `docs/scoring-gb.md` between `<!-- {name}:start -->` and `<!-- {name}:end -->`.
fn doc_block(name: &str) -> Vec<String> {
    let text = include_str!("../../../docs/scoring-gb.md");
    let start = text.find(&format!("<!-- {name}:start -->")).expect("start marker");
    let end = text.find(&format!("<!-- {name}:end -->")).expect("end marker");
    text[start..end].lines().skip(1).filter(|l| l.starts_with('|') && !l.starts_with("|-")).map(String::from).collect()
}

fn cells(line: &str) -> Vec<String> {
    line.trim_matches('|').split(" | ").map(|c| c.trim().trim_matches('`').to_string()).collect()
}

#[test]
fn the_fan_table_in_the_docs_is_the_code_s() {
    let rows = doc_block("gb-fans");
    assert_eq!(rows.len(), 1 + gb::fan::ALL.len(), "a header and one row per fan");
    for (row, fan) in rows[1..].iter().zip(gb::fan::ALL) {
        let c = cells(row);
        assert_eq!(c, [fan.id().to_string(), fan.name_en().into(), fan.name_zh().into(), fan.value().to_string()]);
    }
}

#[test]
fn the_examples_in_the_docs_are_what_hupai_answers() {
    let rows = doc_block("gb-examples");
    assert!(rows.len() > 20);
    let scorer = Scorer::by_name("gb").unwrap();
    for row in &rows[1..] {
        let c = cells(row);
        let a = scorer.score_line(&c[0]);
        assert!(a.get("error").is_none(), "{row}: {a}");
        let fans: Vec<String> = a["fans"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| match f["count"].as_u64().unwrap() {
                1 => f["name"].as_str().unwrap().to_string(),
                n => format!("{} ×{n}", f["name"].as_str().unwrap()),
            })
            .collect();
        assert_eq!(
            [a["fan"].to_string(), fans.join(", "), a["reading"].as_str().unwrap().to_string()],
            c[1..],
            "{row}"
        );
    }
}
