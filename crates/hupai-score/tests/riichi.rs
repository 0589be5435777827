//! Riichi scoring on hand-checked examples: each answer below was worked out by hand from the
//! rules (yaku, fu table, limits, payments) before the scorer existed to agree with it; the
//! examples in `docs/scoring-riichi.md` are checked here too.

use hupai_score::riichi::{Options, Yaku, dora_of};
use hupai_score::{Scorer, Situation};
use serde_json::{Value, json};

fn answer(rules: &str, line: Value) -> Value {
    Scorer::by_name(rules).unwrap().score_line(&line.to_string())
}

fn riichi(line: Value) -> Value {
    answer("riichi", line)
}

/// The han, fu, limit and total of an answer (panics with the answer on an error).
fn summary(a: &Value) -> (u64, u64, Option<String>, u64) {
    assert!(a.get("error").is_none(), "unexpected error: {a}");
    (
        a["han"].as_u64().unwrap(),
        a["fu"].as_u64().unwrap(),
        a["limit"].as_str().map(String::from),
        a["points"]["total"].as_u64().unwrap(),
    )
}

fn yaku_ids(a: &Value) -> Vec<u64> {
    a["yaku"].as_array().unwrap().iter().map(|y| y["id"].as_u64().unwrap()).collect()
}

fn error(a: &Value) -> String {
    a["error"].as_str().unwrap_or_else(|| panic!("expected an error, got {a}")).to_string()
}

#[test]
fn the_answer_has_exactly_the_contract_keys_and_its_fu_parts_add_up() {
    let a = riichi(json!({"hand": "123m456p789s11z555z", "win": "5z"}));
    let mut keys: Vec<&str> = a.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["fu", "fu_parts", "han", "limit", "points", "reading", "yaku"]);
    let parts: u64 = a["fu_parts"].as_array().unwrap().iter().map(|p| p["fu"].as_u64().unwrap()).sum();
    assert_eq!(parts, a["fu"].as_u64().unwrap());
    let y = &a["yaku"][0];
    assert_eq!((y["id"].as_u64(), y["name"].as_str(), y["han"].as_u64()), (Some(18), Some("Yakuhai (haku)"), Some(1)));
}

#[test]
fn dealer_ron_on_a_triplet_wait_counts_it_open() {
    // 123m 456p 789s 11z 555z, ron on 5z as dealer in the east round: haku 1 han; fu 20 + 10
    // (menzen ron) + 4 (double east pair) + 4 (555z finished by ron: open honor triplet) = 38 -> 40.
    // 1 han 40 fu dealer ron: 40 * 2^3 * 6 = 1,920 -> 2,000.
    let a = riichi(json!({"hand": "123m456p789s11z555z", "win": "5z"}));
    assert_eq!(summary(&a), (1, 40, None, 2000));
    assert_eq!(a["points"]["ron"], 2000);
    assert_eq!(a["reading"], "11z 123m 456p 789s 555z, 5z in 555z (triplet)");
    let what: Vec<&str> = a["fu_parts"].as_array().unwrap().iter().filter_map(|p| p["what"].as_str()).collect();
    assert_eq!(what, ["open triplet"]);
}

#[test]
fn pinfu_tsumo_is_20_fu_and_pays_1300_2600() {
    let a = riichi(json!({"hand": "234m456p678s34566p", "win": "6p", "tsumo": true, "riichi": true, "seat": "2z"}));
    assert_eq!(summary(&a), (4, 20, None, 5200));
    assert_eq!((a["points"]["dealer"].as_u64(), a["points"]["non_dealer"].as_u64()), (Some(2600), Some(1300)));
    assert_eq!(yaku_ids(&a), [0, 1, 7, 8]);
    // Without the pinfu-tsumo exception the tsumo's 2 fu count and pinfu goes: 3 han 30 fu.
    let b = riichi(json!({"hand": "234m456p678s34566p", "win": "6p", "tsumo": true, "riichi": true, "seat": "2z",
        "options": {"fu_for_pinfu_tsumo": true}}));
    assert_eq!(summary(&b), (3, 30, None, 4000));
    assert_eq!(yaku_ids(&b), [0, 1, 8]);
}

#[test]
fn kiriage_honba_and_riichi_sticks() {
    // Riichi, pinfu, tanyao, dora 2m: 4 han 30 fu, non-dealer ron 30 * 2^6 * 4 = 7,680 -> 7,700.
    let hand = json!({"hand": "234m345456p678s88p", "win": "5p", "riichi": true, "seat": "2z", "dora": ["1m"]});
    assert_eq!(summary(&riichi(hand.clone())), (4, 30, None, 7700));
    let mut kiriage = hand.clone();
    kiriage["options"] = json!({"kiriage": true});
    assert_eq!(summary(&riichi(kiriage)), (4, 30, Some("kiriage mangan".into()), 8000));
    let mut table = hand;
    table["honba"] = json!(2);
    table["kyotaku"] = json!(1);
    let a = riichi(table);
    assert_eq!((a["points"]["ron"].as_u64(), a["points"]["total"].as_u64()), (Some(8300), Some(9300)));
}

#[test]
fn seven_pairs_are_25_fu_and_dora_count_after_a_yaku() {
    // Riichi 1 + chiitoitsu 2 + two dora (77z under a 6z indicator) = 5 han, dealer mangan 12,000.
    let a = riichi(json!({"hand": "1122m3344p5566s77z", "win": "7z", "riichi": true, "dora": ["6z"]}));
    assert_eq!(summary(&a), (5, 25, Some("mangan".into()), 12000));
    assert_eq!(yaku_ids(&a), [1, 22, 52]);
}

#[test]
fn an_open_hand_with_melds_and_kans() {
    // 111m 999p 11s [222z] [7777z], ron on 1s (single wait), south seat in the south round:
    // south seat + south round + chun + toitoi 2 + honroutou 2 = 7 han (haneman);
    // fu 20 + 4 (open 222z) + 16 (open kan of chun) + 8 + 8 (concealed 111m, 999p) + 2 (single) = 58 -> 60.
    let a = riichi(json!({"hand": "111m999p11s[222z][7777z]", "win": "1s", "seat": "2z", "round": "2z"}));
    assert_eq!(summary(&a), (7, 60, Some("haneman".into()), 12000));
    assert_eq!(yaku_ids(&a), [11, 15, 20, 28, 31]);
}

#[test]
fn open_pinfu_shape_gets_2_fu_unless_the_option_says_not() {
    let open =
        json!({"hand": "234m456p88s678s[345p]", "win": "2m", "seat": "2z", "options": {"has_open_tanyao": true}});
    // Tanyao 1 han, 20 + 2 -> 30 fu: 30 * 8 * 4 = 960 -> 1,000.
    assert_eq!(summary(&riichi(open.clone())), (1, 30, None, 1000));
    let mut twenty = open.clone();
    twenty["options"]["fu_for_open_pinfu"] = json!(false);
    // 1 han 20 fu: 20 * 8 * 4 = 640 -> 700.
    assert_eq!(summary(&riichi(twenty.clone())), (1, 20, None, 700));
    // A tsumo always has its 2 fu: 1 han 30 fu, 300 / 500.
    twenty["tsumo"] = json!(true);
    let a = riichi(twenty);
    assert_eq!(summary(&a), (1, 30, None, 1100));
    assert_eq!((a["points"]["dealer"].as_u64(), a["points"]["non_dealer"].as_u64()), (Some(500), Some(300)));
}

#[test]
fn yakuman_double_yakuman_and_the_presets() {
    // Kokushi on the thirteen-sided wait, dealer tsumo: double yakuman, 32,000 all.
    let k = json!({"hand": "19m19p19s12345677z", "win": "7z", "tsumo": true});
    assert_eq!(summary(&riichi(k.clone())), (26, 0, Some("2x yakuman".into()), 96000));
    let mut tenhou = k;
    tenhou["options"] = json!({"preset": "tenhou"});
    assert_eq!(summary(&riichi(tenhou)), (13, 0, Some("yakuman".into()), 48000));
    // Four concealed triplets on the pair wait, non-dealer ron.
    let s = json!({"hand": "111m222p333s444z55z", "win": "5z", "seat": "2z"});
    let a = riichi(s.clone());
    assert_eq!(summary(&a).3, 64000);
    assert_eq!(yaku_ids(&a), [u64::from(Yaku::SuuankouTanki.id())]);
    for (preset, total) in [("tenhou", 32000), ("mahjongsoul", 64000), ("wrc", 32000), ("mleague", 32000)] {
        let mut p = s.clone();
        p["options"] = json!({"preset": preset});
        assert_eq!(summary(&riichi(p)).3, total, "{preset}");
    }
}

#[test]
fn counted_yakuman_follow_kazoe_limit() {
    // 234m 234m 678m 678m 55m, riichi tsumo: riichi, tsumo, pinfu, tanyao 1 each, ryanpeikou 3,
    // chinitsu 6 = 13 han, non-dealer.
    let h = json!({"hand": "22334455667788m", "win": "8m", "tsumo": true, "riichi": true, "seat": "3z"});
    assert_eq!(summary(&riichi(h.clone())), (13, 20, Some("kazoe yakuman".into()), 32000));
    for (limit, name, total) in [("sanbaiman", "sanbaiman", 24000), ("none", "kazoe yakuman", 32000)] {
        let mut o = h.clone();
        o["options"] = json!({"kazoe_limit": limit});
        assert_eq!(summary(&riichi(o)), (13, 20, Some(name.into()), total), "{limit}");
    }
    let mut wrc = h;
    wrc["options"] = json!({"preset": "wrc"});
    assert_eq!(summary(&riichi(wrc)).3, 24000);
}

#[test]
fn renhou_is_five_han_or_a_yakuman() {
    let r = json!({"hand": "123m456p789s234s55p", "win": "5p", "renhou": true, "seat": "3z"});
    assert_eq!(summary(&riichi(r.clone())), (5, 40, Some("mangan".into()), 8000));
    let mut y = r;
    y["options"] = json!({"renhou_as_yakuman": true});
    assert_eq!(summary(&riichi(y)), (13, 40, Some("yakuman".into()), 32000));
}

#[test]
fn three_player_pays_with_tsumo_loss_or_split_and_counts_nuki() {
    // 123p 456p 789p 11s 555z, dealer tsumo on 3p (edge): tsumo 1 + ittsu 2 + haku 1 = 4 han;
    // fu 20 + 8 (concealed haku) + 2 (edge) + 2 (tsumo) = 32 -> 40: mangan, 4,000 from each payer.
    let s = json!({"hand": "123456789p11s555z", "win": "3p", "tsumo": true});
    assert_eq!(summary(&riichi(s.clone())), (4, 40, Some("mangan".into()), 12000));
    let loss = answer("sanma", s.clone());
    assert_eq!(summary(&loss), (4, 40, Some("mangan".into()), 8000));
    assert_eq!(loss["points"]["payers"], 2);
    let mut split = s.clone();
    split["options"] = json!({"sanma_tsumo": "split"});
    assert_eq!(summary(&answer("sanma", split)).3, 12000);
    // Two north tiles set aside, and a 3z indicator pointing at north: 2 + 2 dora, 8 han.
    let mut nuki = s;
    nuki["nuki"] = json!(2);
    nuki["dora"] = json!(["3z"]);
    let a = answer("sanma", nuki);
    assert_eq!(summary(&a), (8, 40, Some("baiman".into()), 16000));
    assert!(a["yaku"].as_array().unwrap().iter().any(|y| y["id"] == 52 && y["han"] == 4), "{a}");
}

#[test]
fn a_north_set_aside_keeps_ippatsu_for_its_replacement_tile() {
    // Riichi, a north set aside in the ippatsu go-around, and a win on its replacement tile:
    // riichi, ippatsu, tsumo, rinshan and haku; with no north set aside (so after a kan) ippatsu
    // and rinshan cannot stand together.
    let s = json!({"hand": "555p111s456s88s555z", "win": "6s", "tsumo": true, "riichi": true,
        "ippatsu": true, "rinshan": true, "nuki": 1, "seat": "2z"});
    let a = answer("sanma", s.clone());
    let ids = yaku_ids(&a);
    for y in [Yaku::Riichi, Yaku::Ippatsu, Yaku::MenzenTsumo, Yaku::Rinshan] {
        assert!(ids.contains(&u64::from(y.id())), "{y:?} in {a}");
    }
    let mut no_north = s;
    no_north["nuki"] = json!(0);
    assert!(error(&answer("sanma", no_north)).contains("ippatsu with rinshan"));
}

#[test]
fn dora_indicators_point_to_the_next_kind() {
    let t = |s: &str| s.parse().unwrap();
    for (indicator, four, three) in [
        ("1m", "2m", "9m"),
        ("9m", "1m", "1m"),
        ("9p", "1p", "1p"),
        ("4z", "1z", "1z"),
        ("7z", "5z", "5z"),
        ("3z", "4z", "4z"),
    ] {
        assert_eq!(dora_of(t(indicator), false), t(four), "{indicator}");
        assert_eq!(dora_of(t(indicator), true), t(three), "{indicator} in three-player");
    }
}

#[test]
fn impossible_situations_are_named() {
    let base = json!({"hand": "234m456p678s34566p", "win": "6p"});
    let with = |extra: Value| {
        let mut v = base.clone();
        for (k, x) in extra.as_object().unwrap() {
            v[k] = x.clone();
        }
        error(&riichi(v))
    };
    assert!(with(json!({"ippatsu": true})).contains("ippatsu without riichi"));
    assert!(with(json!({"rinshan": true, "tsumo": true})).contains("rinshan without a kan"));
    assert!(with(json!({"haitei": true})).contains("haitei with ron"));
    assert!(with(json!({"chankan": true, "tsumo": true})).contains("chankan with tsumo"));
    assert!(with(json!({"tenhou": true, "tsumo": true, "seat": "3z"})).contains("tenhou for a non-dealer"));
    assert!(with(json!({"renhou": true})).contains("renhou for the dealer"));
    assert!(with(json!({"nuki": 1})).contains("nuki"));
    assert!(with(json!({"dora": ["6p", "6p"]})).contains("a fifth copy of 6p"));
    assert!(with(json!({"chankan": true})).contains("chankan on a tile the hand holds twice"));
    assert!(with(json!({"win": "1m"})).contains("not among the hand's concealed tiles"));
    let open = error(&riichi(json!({"hand": "234m456p88s678s[345p]", "win": "2m", "riichi": true})));
    assert!(open.contains("riichi with an open meld"), "{open}");
    let sanma = error(&answer("sanma", json!({"hand": "234m456p678s34566p", "win": "6p"})));
    assert!(sanma.contains("three-player"), "{sanma}");
    let red = error(&riichi(json!({"hand": "234m406p678s34066p", "win": "6p"})));
    assert!(red.contains("red fives"), "{red}");
}

#[test]
fn no_yaku_no_win_and_bad_options_are_errors() {
    let none = error(&riichi(json!({"hand": "123m456p789s234s33z", "win": "3z", "seat": "2z", "round": "2z"})));
    assert!(none.starts_with("no yaku"), "{none}");
    let no_win = error(&riichi(json!({"hand": "123m456p789s234s34z", "win": "4z"})));
    assert!(no_win.contains("does not win"), "{no_win}");
    let key = error(&riichi(json!({"hand": "123m456p789s11z555z", "win": "5z", "options": {"kiriag": true}})));
    assert!(key.contains("options.kiriag"), "{key}");
    let preset = error(&riichi(json!({"hand": "123m456p789s11z555z", "win": "5z", "options": {"preset": "x"}})));
    assert!(preset.contains("unknown preset 'x'"), "{preset}");
    let kazoe = error(&riichi(json!({"hand": "123m456p789s11z555z", "win": "5z", "options": {"kazoe_limit": 3}})));
    assert!(kazoe.contains("options.kazoe_limit"), "{kazoe}");
}

#[test]
fn the_reading_that_scores_most_is_chosen() {
    // 111222333m 789p 55s, tsumo on 3m, reads two ways. As three concealed triplets: riichi,
    // tsumo, sanankou = 4 han; fu 20 + 8 (111m) + 4 + 4 (222m, 333m) + 2 (tsumo) = 38 -> 40:
    // mangan. As 123m three times: riichi, tsumo, iipeikou = 3 han at 30 fu (edge wait): less.
    let s = json!({"hand": "111222333m789p55s", "win": "3m", "riichi": true, "tsumo": true, "seat": "2z"});
    let a = riichi(s);
    assert_eq!(summary(&a), (4, 40, Some("mangan".into()), 8000));
    assert!(yaku_ids(&a).contains(&29));
}

#[test]
fn options_start_from_mahjong_defaults_and_presets() {
    let d = Options::default();
    assert!(!d.has_open_tanyao && !d.has_aka_dora && d.has_double_yakuman && !d.kiriage);
    assert!(d.fu_for_open_pinfu && !d.fu_for_pinfu_tsumo && !d.renhou_as_yakuman && d.limit_to_sextuple_yakuman);
    let t = d.with_json(&json!({"preset": "tenhou", "kiriage": true})).unwrap();
    assert!(t.has_open_tanyao && t.has_aka_dora && !t.has_double_yakuman && t.kiriage);
    assert!(Options::sanma().with_json(&json!({"preset": "wrc"})).unwrap().sanma);
    // Red fives count only with has_aka_dora.
    let s = |o: Value| riichi(json!({"hand": "234m406p678s34566p", "win": "6p", "riichi": true, "options": o}));
    assert_eq!(summary(&s(json!({}))).0, 3);
    assert_eq!(summary(&s(json!({"has_aka_dora": true}))).0, 4);
    let _ = Situation::new("1z".parse::<hupai::Hand>().unwrap(), "1z".parse().unwrap());
}

/// The checked examples of docs/scoring-riichi.md: each `{situation}` line followed by a
/// `→ {expected}` line; every key of the expected object must be in the answer with that value.
#[test]
fn the_documented_examples_hold() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/scoring-riichi.md")).unwrap();
    let mut checked = 0;
    let mut last: Option<(String, Value)> = None;
    for line in doc.lines() {
        if let Some(expected) = line.strip_prefix("→ ") {
            let (rules, situation) = last.take().expect("a → line follows a situation line");
            let expected: Value = serde_json::from_str(expected).unwrap();
            let got = answer(&rules, situation.clone());
            assert_subset(&expected, &got, &situation);
            checked += 1;
        } else if let Some(rest) = line.strip_prefix("hupai score --rules ") {
            let (rules, json) = rest.split_once(' ').unwrap();
            last = Some((
                rules.to_string(),
                serde_json::from_str(json.trim_start_matches("<<< ").trim_matches('\'')).unwrap(),
            ));
        }
    }
    assert!(checked >= 8, "only {checked} documented examples found");
}

fn assert_subset(expected: &Value, got: &Value, situation: &Value) {
    match (expected, got) {
        (Value::Object(e), Value::Object(g)) => {
            for (k, v) in e {
                let g = g.get(k).unwrap_or_else(|| panic!("{situation}: no key {k} in {got}"));
                assert_subset(v, g, situation);
            }
        }
        _ => assert_eq!(expected, got, "{situation}"),
    }
}

#[test]
fn keys_of_other_rule_sets_and_huge_numbers_are_handled() {
    let flowers = error(&riichi(json!({"hand": "123m456p789s11z555z", "win": "5z", "flowers": 2})));
    assert!(flowers.contains("'flowers'"), "{flowers}");
    let a = riichi(json!({"hand": "123m456p789s11z555z", "win": "5z", "honba": u32::MAX, "kyotaku": u32::MAX}));
    assert_eq!(a["points"]["total"], u64::from(u32::MAX));
    let t = riichi(json!({"hand": "123m456p789s11z555z", "win": "5z", "tsumo": true, "seat": "2z", "honba": u32::MAX}));
    assert_eq!(t["points"]["total"], u64::from(u32::MAX));
    // Out of a three-player set, an indicator still points somewhere (no panic).
    assert_eq!(dora_of("2m".parse().unwrap(), true), "3m".parse().unwrap());
}

/// A tiny deterministic generator (no dependency for a test).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Random tiles, melds and flags: every answer is an error or a score whose fu parts add up and
/// whose total covers its payments, never a panic.
#[test]
fn random_situations_never_panic_and_stay_consistent() {
    let mut r = Lcg(11);
    let flags = [
        "tsumo",
        "riichi",
        "double_riichi",
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
        "renhou",
    ];
    let mut scored = 0;
    for _ in 0..20_000 {
        // Mostly-winning shapes: sets of a narrow range plus a pair, sometimes a meld.
        let suit = ["m", "p", "s", "z"][r.below(4) as usize];
        let mut hand = String::new();
        let mut tiles = Vec::new();
        for _ in 0..4 {
            let start = 1 + r.below(7);
            if suit != "z" && r.below(2) == 0 {
                tiles.extend([start, start + 1, start + 2]);
            } else {
                tiles.extend([start; 3]);
            }
        }
        let pair = 1 + r.below(7);
        tiles.extend([pair, pair]);
        let win = tiles[r.below(tiles.len() as u64) as usize];
        for t in &tiles {
            hand.push_str(&t.to_string());
        }
        hand.push_str(suit);
        if r.below(4) == 0 {
            hand.push_str(["[555z]", "(7777z)", "[0m46m]", "[1111s]"][r.below(4) as usize]);
        }
        let mut s = json!({"hand": hand, "win": format!("{win}{suit}"), "seat": format!("{}z", 1 + r.below(4))});
        for f in flags {
            if r.below(6) == 0 {
                s[f] = json!(true);
            }
        }
        if r.below(3) == 0 {
            s["dora"] = json!([format!("{}{}", 1 + r.below(9), ["m", "p", "s"][r.below(3) as usize])]);
        }
        let rules = if r.below(5) == 0 { "sanma" } else { "riichi" };
        let a = answer(rules, s.clone());
        if a.get("error").is_some() {
            continue;
        }
        scored += 1;
        let parts: u64 = a["fu_parts"].as_array().unwrap().iter().map(|p| p["fu"].as_u64().unwrap()).sum();
        assert_eq!(parts, a["fu"].as_u64().unwrap(), "{s} -> {a}");
        let p = &a["points"];
        let paid =
            p["ron"].as_u64().unwrap_or(0) + p["dealer"].as_u64().unwrap_or(0) + p["non_dealer"].as_u64().unwrap_or(0);
        assert!(p["total"].as_u64().unwrap() >= paid, "{s} -> {a}");
        assert!(a["han"].as_u64().unwrap() >= 1, "{s} -> {a}");
    }
    assert!(scored > 1000, "only {scored} situations scored");
}

/// `riichi::scores`, which a game asks of every win it offers, answers as `score(…).is_ok()`: a
/// closed tsumo, riichi, a yaku by the hand alone, an open hand without a yaku, a hand that is not
/// complete, and situations that cannot happen.
#[test]
fn scores_answers_whether_score_scores() {
    use hupai_score::riichi::{score, scores};
    let o = Options::default();
    let situation = |hand: &str, win: &str, set: &dyn Fn(&mut Situation)| {
        let mut s = Situation::new(hand.parse::<hupai::Hand>().unwrap(), win.parse().unwrap());
        set(&mut s);
        s
    };
    let cases = [
        (situation("234m345456p678s88p", "5p", &|s| s.tsumo = true), true),
        (situation("234m345456p678s88p", "5p", &|s| s.riichi = true), true),
        (situation("234m345456p678s88p", "5p", &|_| {}), true),
        (situation("234m456p88s678s[345p]", "2m", &|_| {}), false),
        (situation("234m456p88s678s[345p]", "2m", &|s| s.riichi = true), false),
        (situation("123m456p789s1234z", "4z", &|s| s.tsumo = true), false),
        (situation("111m999p11s[222z][7777z]", "1s", &|s| s.seat = "2z".parse().unwrap()), true),
        (situation("234m999p11s[222z][444z]", "1s", &|_| {}), false),
        (situation("1122m3344p5566s77z", "7z", &|s| s.riichi = true), true),
        (situation("234m345456p678s88p", "5p", &|s| s.ippatsu = true), false),
    ];
    for (s, expected) in cases {
        assert_eq!(scores(&s, &o), score(&s, &o).is_ok(), "{}", s.hand);
        assert_eq!(scores(&s, &o), expected, "{}", s.hand);
    }
}
