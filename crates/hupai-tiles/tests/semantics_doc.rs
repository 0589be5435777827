//! Checks the example and error tables of `docs/semantics.md` against the code: the examples against
//! a brute-force search whose only notion of "wins" is `Decomposition::is_valid_for`, the errors
//! against the messages the parser, `Hand` and the `Algorithm` trait really produce.

mod workspace_docs;

use hupai_tiles::knitted::{KNITTED_ORDERS, honors_and_knitted_kinds};
use hupai_tiles::{
    Algorithm, Answer, Capabilities, Decomposition, Error, Group, Hand, Rules, SevenPairs, Tile, TileCounts, TileSet,
};

/// Every triplet and sequence, in `Group` order.
fn all_groups() -> Vec<Group> {
    let mut v: Vec<Group> = Tile::ALL.iter().map(|&t| Group::Triplet(t)).collect();
    v.extend(Tile::ALL.iter().filter(|t| t.starts_sequence()).map(|&t| Group::Sequence(t)));
    v.sort();
    v
}

/// Tiles the chosen groups need beyond the concealed ones (filled by wildcards), and concealed
/// tiles they leave uncovered.
fn balance(used: &TileCounts, concealed: &TileCounts) -> (u32, u32) {
    let mut over = 0;
    let mut under = 0;
    for t in Tile::ALL {
        let (u, c) = (used[t] as u32, concealed[t] as u32);
        if u > c { over += u - c } else { under += c - u }
    }
    (over, under)
}

/// Every decomposition of a complete hand: enumerate candidates in canonical order, pruned only
/// by tile accounting, and keep those `is_valid_for` accepts.
fn decompositions(hand: &Hand, rules: &Rules) -> Vec<Decomposition> {
    let concealed = *hand.concealed();
    let wild = hand.wildcards() as u32;
    let groups = all_groups();
    let mut out = Vec::new();

    #[allow(clippy::too_many_arguments)]
    fn melds(
        groups: &[Group],
        start: usize,
        k: usize,
        pair: Tile,
        chosen: &mut Vec<Group>,
        used: &mut TileCounts,
        ctx: (&TileCounts, u32, &Hand, &Rules),
        out: &mut Vec<Decomposition>,
    ) {
        let (concealed, wild, hand, rules) = ctx;
        if chosen.len() == k {
            let d = Decomposition::melds(pair, chosen);
            if d.is_valid_for(hand, rules) {
                out.push(d);
            }
            return;
        }
        for (i, &g) in groups.iter().enumerate().skip(start) {
            for t in g.tiles() {
                used[t] += 1;
            }
            chosen.push(g);
            let (over, under) = balance(used, concealed);
            if over <= wild && under <= 3 * (k - chosen.len()) as u32 {
                melds(groups, i, k, pair, chosen, used, ctx, out);
            }
            chosen.pop();
            for t in g.tiles() {
                used[t] -= 1;
            }
        }
    }

    let k = hand.melds_needed(rules);
    for pair in Tile::ALL {
        let mut used = TileCounts::EMPTY;
        used[pair] = 2;
        if balance(&used, &concealed).0 <= wild {
            melds(&groups, 0, k, pair, &mut Vec::new(), &mut used, (&concealed, wild, hand, rules), &mut out);
        }
    }

    if rules.seven_pairs != SevenPairs::Off {
        fn pairs(start: usize, chosen: &mut Vec<Tile>, concealed: &TileCounts, wild: u32, out: &mut Vec<[Tile; 7]>) {
            if chosen.len() == 7 {
                out.push(chosen.as_slice().try_into().expect("seven"));
                return;
            }
            for i in start..34 {
                chosen.push(Tile::ALL[i]);
                let used = TileCounts::from_tiles(chosen.iter().flat_map(|&t| [t, t]));
                let (over, under) = balance(&used, concealed);
                if over <= wild && under <= 2 * (7 - chosen.len()) as u32 {
                    pairs(i, chosen, concealed, wild, out);
                }
                chosen.pop();
            }
        }
        let mut candidates = Vec::new();
        pairs(0, &mut Vec::new(), &concealed, wild, &mut candidates);
        out.extend(candidates.into_iter().map(Decomposition::seven_pairs).filter(|d| d.is_valid_for(hand, rules)));
    }
    out.extend(
        Tile::TERMINALS_AND_HONORS
            .iter()
            .map(|&pair| Decomposition::ThirteenOrphans { pair })
            .filter(|d| d.is_valid_for(hand, rules)),
    );
    // The knitted forms: every fourteen of each order's sixteen kinds, and every knitted straight
    // with each pair and each meld (or none beside a declared one).
    for order in KNITTED_ORDERS {
        let kinds: Vec<Tile> = honors_and_knitted_kinds(order).iter().collect();
        for a in 0..16 {
            for b in a + 1..16 {
                let tiles: TileSet =
                    kinds.iter().enumerate().filter(|&(i, _)| i != a && i != b).map(|(_, &t)| t).collect();
                let d = Decomposition::HonorsAndKnitted { tiles };
                if d.is_valid_for(hand, rules) {
                    out.push(d);
                }
            }
        }
        for pair in Tile::ALL {
            for meld in std::iter::once(None).chain(all_groups().into_iter().map(Some)) {
                let d = Decomposition::KnittedStraight { order, pair, meld };
                if d.is_valid_for(hand, rules) {
                    out.push(d);
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The brute force behind the `Algorithm` interface, so the trait's own checks run first.
struct Example {
    capabilities: Capabilities,
}

impl Algorithm for Example {
    fn name(&self) -> &'static str {
        "example"
    }
    fn capabilities(&self) -> Capabilities {
        self.capabilities
    }
    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        Ok(!decompositions(hand, rules).is_empty())
    }
    fn check_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        Ok(decompositions(hand, rules))
    }
}

const FULL: Example = Example { capabilities: Capabilities::ALL };
const LIMITED: Example =
    Example { capabilities: Capabilities { wildcards: false, decompositions: false, ..Capabilities::ALL } };

/// Rules as `Rules`' Display writes them: the rules grammar (`sichuan+void-p`, `standard+5th`).
fn rules(name: &str) -> Rules {
    let r: Rules = name.parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.to_string(), name, "write rules as Rules' Display does");
    r
}

/// The rows of the markdown table between `<!-- {name}:start -->` and `<!-- {name}:end -->`, cells
/// trimmed and stripped of one pair of backticks, header and rule lines skipped.
fn table(name: &str) -> Option<Vec<Vec<String>>> {
    let (_, doc) = workspace_docs::read("semantics.md")?;
    let start = doc.find(&format!("<!-- {name}:start -->")).expect("start marker");
    let end = doc.find(&format!("<!-- {name}:end -->")).expect("end marker");
    let rows: Vec<Vec<String>> = doc[start..end]
        .lines()
        .filter(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| {
                    let c = c.trim();
                    c.strip_prefix('`').and_then(|c| c.strip_suffix('`')).unwrap_or(c).to_string()
                })
                .collect()
        })
        .collect();
    assert!(!rows.is_empty(), "table {name} is empty");
    Some(rows)
}

fn describe(hand: &Hand, rules: &Rules, listed_in_full: bool) -> String {
    match FULL.answer(hand, rules) {
        Ok(Answer::Win(false)) => "no win".into(),
        Ok(Answer::Win(true)) => {
            let ds = FULL.decompositions(hand, rules).expect("complete hand");
            if listed_in_full {
                format!("win: {}", ds.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("; "))
            } else {
                format!("win, {} decompositions", ds.len())
            }
        }
        Ok(Answer::Waits(w)) if w.is_empty() => "waits: none".into(),
        Ok(Answer::Waits(w)) => format!("waits: {}", w.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" ")),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn examples_match_the_brute_force() {
    let tables = ["examples", "pair-258-examples", "void-examples", "tiles-examples", "knitted-examples"];
    for row in tables.into_iter().flat_map(|name| table(name).into_iter().flatten()) {
        let [hand, rules_name, answer] = row.as_slice() else { panic!("row {row:?} needs 3 cells") };
        let h: Hand = hand.parse().unwrap_or_else(|e| panic!("{hand}: {e}"));
        let r = rules(rules_name);
        let got = describe(&h, &r, answer.starts_with("win:"));
        assert_eq!(&got, answer, "{hand} under {rules_name}");
    }
}

#[test]
fn parse_errors_match() {
    let Some(rows) = table("parse-errors") else { return };
    for row in rows {
        let [input, message] = row.as_slice() else { panic!("row {row:?} needs 2 cells") };
        let err = input.parse::<Hand>().expect_err(input);
        assert_eq!(&err.to_string(), message, "{input}");
    }
}

#[test]
fn hand_and_algorithm_errors_match() {
    let Some(rows) = table("errors") else { return };
    for row in rows {
        let [hand, rules_name, asked, message] = row.as_slice() else { panic!("row {row:?} needs 4 cells") };
        let h: Hand = hand.parse().unwrap_or_else(|e| panic!("{hand}: {e}"));
        let r = rules(rules_name);
        let err = match asked.as_str() {
            "answer" => FULL.answer(&h, &r).map(|_| ()),
            "win" => LIMITED.is_win(&h, &r).map(|_| ()),
            "waits" => LIMITED.waits(&h, &r).map(|_| ()),
            "decompositions" => LIMITED.decompositions(&h, &r).map(|_| ()),
            other => panic!("unknown question {other:?}"),
        }
        .expect_err(hand);
        assert_eq!(&err.to_string(), message, "{hand} under {rules_name}, {asked}");
    }
}

#[test]
fn waits_never_offer_a_fifth_physical_copy() {
    // The examples use `answer`, whose waits come from the trait's default over `check_win`; make
    // sure that default only ever offers kinds held fewer than four times.
    let hand: Hand = "1111m123p456p789p".parse().unwrap();
    let waits: TileSet = FULL.waits(&hand, &Rules::STANDARD.with_wildcard_fifth_copy(true)).unwrap();
    assert!(!waits.contains(Tile::ALL[0]));
}
