//! Property tests of hand notation: parsing never panics, every parsed hand prints (mpsz and
//! Unicode) and parses back to the same hand, random valid hands written in any accepted style
//! parse to what was written, and every error points at a character that is really there.

use hupai_tiles::notation::JOKER;
use hupai_tiles::{BonusTile, Error, Hand, Meld, Tile, TileCounts};
use proptest::prelude::*;
use proptest::sample::select;

/// Every character the notation gives a meaning to, plus a few it does not.
fn alphabet() -> Vec<char> {
    let mut chars: Vec<char> = "0123456789mpszf*[] ,".chars().collect();
    chars.extend("xM#\t\n".chars());
    chars.extend(Tile::ALL.iter().map(|t| t.to_unicode()));
    chars.extend((1..=8).filter_map(BonusTile::from_number).map(BonusTile::to_unicode));
    chars.extend([JOKER, '\u{1F02B}', '\u{1F000}', '\u{FFFD}', 'é', '五']);
    chars
}

/// Strings over the notation alphabet, weighted toward digits and suit letters so that many parse.
fn notation_like() -> impl Strategy<Value = String> {
    let weighted = prop_oneof![
        6 => select("0123456789".chars().collect::<Vec<_>>()),
        3 => select("mpszf".chars().collect::<Vec<_>>()),
        1 => select(alphabet()),
    ];
    prop_oneof![
        proptest::collection::vec(weighted, 0..40).prop_map(|v| v.into_iter().collect()),
        // Long digit runs reach the parser's 64-digit limit.
        (proptest::collection::vec(select("0123456789".chars().collect::<Vec<_>>()), 60..70), select(alphabet()))
            .prop_map(|(v, c)| v.into_iter().chain([c]).collect()),
    ]
}

/// Checks that an error from parsing `input` names a place that exists and holds what it says.
fn check_error(input: &str, err: &Error) -> Result<(), TestCaseError> {
    let chars: Vec<char> = input.chars().collect();
    let at = |position: usize| -> Result<char, TestCaseError> {
        prop_assert!(
            (1..=chars.len()).contains(&position),
            "position {position} outside 1..={} in {input:?}: {err}",
            chars.len()
        );
        prop_assert!(err.to_string().contains(&format!("position {position}")), "message lacks position: {err}");
        Ok(chars[position - 1])
    };
    match err {
        Error::UnexpectedChar { position, found, .. } => {
            prop_assert_eq!(at(*position)?, *found, "{:?}: {}", input, err);
        }
        Error::MissingSuit { position } => {
            let c = at(*position)?;
            prop_assert!(c.is_ascii_digit(), "{input:?}: {err} points at {c:?}");
            let next = chars.get(*position).copied();
            prop_assert!(!next.is_some_and(|n| "mpszf".contains(n) || n.is_ascii_digit()), "{input:?}: {err}");
        }
        Error::BadRank { position, digit, suit } => {
            prop_assert_eq!(at(*position)?, *digit, "{:?}: {}", input, err);
            // The parser lets wildcards sit between digits and their letter (`1*2m` is 12m*).
            let rest = &chars[*position..];
            let letter = rest.iter().find(|&&c| !c.is_ascii_digit() && c != '*' && c != JOKER);
            prop_assert_eq!(letter, Some(suit), "{:?}: {}", input, err);
        }
        Error::UnclosedMeld { position, bracket } => {
            prop_assert_eq!(at(*position)?, *bracket, "{:?}: {}", input, err);
            let close = if *bracket == '(' { ')' } else { ']' };
            prop_assert!(!chars[*position..].contains(&close), "{input:?}: {err}");
        }
        Error::NotAMeld { position, text } => {
            let open = at(*position)?;
            prop_assert!(open == '[' || open == '(', "{:?}: {}", input, err);
            let written: String = chars[position - 1..].iter().take(text.chars().count()).collect();
            prop_assert_eq!(&written, text, "{:?}: {}", input, err);
            prop_assert!(text.ends_with(if open == '(' { ')' } else { ']' }), "{input:?}: {err}");
        }
        Error::TooManyCopies { count, .. } => prop_assert!(*count > 4, "{input:?}: {err}"),
        Error::TooManyMelds { found, max } => {
            prop_assert!(found > max, "{input:?}: {err}");
            // Every meld is counted, not just the first past the limit: the true count.
            prop_assert_eq!(chars.iter().filter(|&&c| c == '[' || c == '(').count(), *found, "{:?}: {}", input, err);
        }
        other => prop_assert!(false, "parsing produced a non-notation error for {input:?}: {other}"),
    }
    Ok(())
}

/// Equal apart from red fives, which Unicode cannot show.
fn same_but_red(a: &Hand, b: &Hand) -> bool {
    a.concealed() == b.concealed() && a.wildcards() == b.wildcards() && a.melds() == b.melds() && a.bonus() == b.bonus()
}

/// Parses `input`; on success checks both printed forms parse back, on failure checks the error.
fn check_parse(input: &str) -> Result<Option<Hand>, TestCaseError> {
    match input.parse::<Hand>() {
        Ok(hand) => {
            let mpsz = hand.to_string();
            let again = mpsz.parse::<Hand>();
            prop_assert_eq!(again.as_ref(), Ok(&hand), "{:?} printed as {:?}", input, mpsz);
            prop_assert_eq!(again.unwrap().to_string(), mpsz.clone(), "printing is not stable for {:?}", input);
            let unicode = hand.to_unicode();
            match unicode.parse::<Hand>() {
                Ok(back) => {
                    prop_assert!(same_but_red(&back, &hand), "{input:?} → {unicode:?} → {back:?}");
                    prop_assert_eq!(back.red_fives(), [0; 3]);
                }
                Err(e) => prop_assert!(false, "{input:?} printed as {unicode:?} fails: {e}"),
            }
            Ok(Some(hand))
        }
        Err(e) => {
            check_error(input, &e)?;
            Ok(None)
        }
    }
}

/// A valid hand and one way of writing it, built independently of the parser.
#[derive(Debug, Clone)]
struct Written {
    text: String,
    concealed: TileCounts,
    wildcards: u8,
    melds: Vec<Meld>,
    red: [u8; 3],
    bonus: Vec<BonusTile>,
}

fn meld_strategy() -> impl Strategy<Value = Meld> {
    prop_oneof![
        select(Tile::ALL.iter().copied().filter(|t| t.starts_sequence()).collect::<Vec<_>>()).prop_map(Meld::Chi),
        select(Tile::ALL.to_vec()).prop_map(Meld::Pon),
        select(Tile::ALL.to_vec()).prop_map(Meld::Kan),
    ]
}

/// How one tile is written: mpsz digit (0 for a red five) or a Unicode tile.
fn write_tiles(out: &mut String, tiles: &[(Tile, bool)], unicode: &[bool]) {
    let mut i = 0;
    while i < tiles.len() {
        let (t, _) = tiles[i];
        if unicode[i % unicode.len()] {
            out.push(t.to_unicode());
            i += 1;
            continue;
        }
        // A run of mpsz digits of one suit.
        let mut j = i;
        while j < tiles.len() && tiles[j].0.suit() == t.suit() && !unicode[j % unicode.len()] {
            let (tj, red) = tiles[j];
            out.push(if red { '0' } else { char::from(b'0' + tj.rank()) });
            j += 1;
        }
        out.push(t.suit().letter());
        i = j;
    }
}

fn written_hand() -> impl Strategy<Value = Written> {
    let counts = proptest::collection::vec(prop_oneof![5 => Just(0u8), 1 => 1u8..=4], 34);
    (
        proptest::collection::vec(meld_strategy(), 0..=5),
        counts,
        0u8..=12,
        proptest::collection::vec(any::<bool>(), 1..8),
        any::<[u8; 3]>(),
        proptest::sample::subsequence((1..=8u8).collect::<Vec<_>>(), 0..=8),
        any::<u64>(),
        select(vec!["", " ", ",", ", ", "  "]),
    )
        .prop_map(|(meld_candidates, counts, wildcards, unicode, red_wish, bonus_numbers, seed, sep)| {
            // Keep melds while every kind stays at four copies or fewer.
            let mut declared = TileCounts::EMPTY;
            let mut melds = Vec::new();
            for m in meld_candidates {
                let mut trial = declared;
                for t in m.tiles() {
                    trial[t] += 1;
                }
                if trial.0.iter().all(|&c| c <= 4) {
                    declared = trial;
                    melds.push(m);
                }
            }
            let mut concealed = TileCounts::EMPTY;
            for t in Tile::ALL {
                concealed[t] = counts[t.index()].min(4 - declared[t]);
            }
            // Red fives: some of each suit's concealed fives, written as 0 in mpsz.
            let mut red = [0u8; 3];
            for (s, r) in red.iter_mut().enumerate() {
                *r = red_wish[s] % (concealed.0[s * 9 + 4] + 1);
            }
            // The concealed tiles in a scrambled order.
            let mut tiles: Vec<(Tile, bool)> = Vec::new();
            let mut red_left = red;
            for t in concealed.tiles() {
                let is_five = t.suit().is_numbered() && t.rank() == 5;
                let s = t.suit().offset() / 9;
                let r = is_five && red_left[s] > 0;
                if r {
                    red_left[s] -= 1;
                }
                tiles.push((t, r));
            }
            let mut state = seed | 1;
            let mut next = move || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            for i in (1..tiles.len()).rev() {
                tiles.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            // Red fives cannot be Unicode: force mpsz for them.
            let mut unicode_flags = unicode.clone();
            if tiles.iter().any(|&(_, r)| r) {
                unicode_flags = vec![false];
            }
            let bonus: Vec<BonusTile> = {
                let mut b: Vec<BonusTile> = bonus_numbers.iter().filter_map(|&n| BonusTile::from_number(n)).collect();
                for i in (1..b.len()).rev() {
                    b.swap(i, (next() % (i as u64 + 1)) as usize);
                }
                b
            };

            // Pieces: chunks of concealed tiles, wildcards, melds, bonus tiles; in a scrambled order,
            // except that melds keep their relative order (the hand lists melds as written) and bonus
            // tiles theirs.
            let mut pieces: Vec<(u8, String)> = Vec::new();
            for chunk in tiles.chunks(1 + (next() % 5) as usize) {
                let mut s = String::new();
                write_tiles(&mut s, chunk, &unicode_flags);
                pieces.push((0, s));
            }
            for _ in 0..wildcards {
                pieces.push((0, if next() % 3 == 0 { JOKER.to_string() } else { "*".to_string() }));
            }
            let mut ordered: Vec<String> = Vec::new();
            for m in &melds {
                let mut tiles: Vec<(Tile, bool)> = m.tiles().iter().map(|&t| (t, false)).collect();
                for i in (1..tiles.len()).rev() {
                    tiles.swap(i, (next() % (i as u64 + 1)) as usize);
                }
                let mut s = String::from("[");
                write_tiles(&mut s, &tiles, &unicode);
                s.push(']');
                ordered.push(s);
            }
            for b in &bonus {
                ordered.push(if next() % 2 == 0 { b.to_unicode().to_string() } else { format!("{}f", b.number()) });
            }
            for i in (1..pieces.len()).rev() {
                pieces.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            // Merge the ordered pieces in at random places, keeping their order.
            let mut text_pieces: Vec<String> = pieces.into_iter().map(|(_, s)| s).collect();
            let mut insert_at = 0usize;
            for s in ordered {
                insert_at += (next() % (text_pieces.len() as u64 - insert_at as u64 + 1)) as usize;
                text_pieces.insert(insert_at, s);
                insert_at += 1;
            }
            Written { text: text_pieces.join(sep), concealed, wildcards, melds, red, bonus }
        })
}

proptest! {
    // No regression files: failures print the minimal input, which belongs in a named test.
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(input in any::<String>()) {
        check_parse(&input)?;
    }

    #[test]
    fn arbitrary_chars_never_panic(chars in proptest::collection::vec(any::<char>(), 0..40)) {
        let input: String = chars.into_iter().collect();
        check_parse(&input)?;
    }

    #[test]
    fn notation_alphabet_strings_round_trip_or_name_their_error(input in notation_like()) {
        check_parse(&input)?;
    }

    #[test]
    fn a_wildcard_tile_keeps_every_copy_held(
        w in written_hand(),
        extra in 0u8..=255,
        kind in 0usize..34,
    ) {
        let Ok(hand) = w.text.parse::<Hand>() else { return Ok(()) };
        let hand = hand.with_wildcards(hand.wildcards().saturating_add(extra));
        let tile = Tile::ALL[kind];
        let moved = hand.concealed()[tile];
        match hand.with_wildcard_tile(tile) {
            Ok(wild) => {
                prop_assert_eq!(usize::from(wild.wildcards()), usize::from(hand.wildcards()) + usize::from(moved));
                prop_assert_eq!(wild.concealed()[tile], 0);
                prop_assert_eq!(wild.tile_count(), hand.tile_count());
                // Physically nothing changed: every copy is still held, some of them as wildcards.
                prop_assert_eq!(wild.held_counts(), hand.physical_counts());
                let full: Vec<Tile> = Tile::ALL.into_iter().filter(|&t| hand.physical_counts()[t] >= 4).collect();
                prop_assert_eq!(wild.exhausted_kinds().iter().collect::<Vec<_>>(), full);
            }
            Err(e) => {
                let found = usize::from(hand.wildcards()) + usize::from(moved);
                prop_assert_eq!(e, Error::TooManyWildcards { found, max: 255 });
                prop_assert!(found > 255);
            }
        }
    }

    #[test]
    fn written_hands_parse_to_what_was_written(w in written_hand()) {
        let hand = check_parse(&w.text)?;
        let Some(hand) = hand else {
            return Err(TestCaseError::fail(format!("{:?} did not parse: {}", w.text, w.text.parse::<Hand>().unwrap_err())));
        };
        prop_assert_eq!(hand.concealed(), &w.concealed, "{:?}", w.text);
        prop_assert_eq!(hand.wildcards(), w.wildcards, "{:?}", w.text);
        prop_assert_eq!(hand.melds(), w.melds.as_slice(), "{:?}", w.text);
        prop_assert_eq!(hand.red_fives(), w.red, "{:?}", w.text);
        // Bonus tiles are kept in notation order whatever order they were written in.
        let mut bonus = w.bonus.clone();
        bonus.sort();
        prop_assert_eq!(hand.bonus(), bonus.as_slice(), "{:?}", w.text);
        let built = Hand::new(w.concealed, w.wildcards, &w.melds).expect("the generator keeps copies ≤ 4");
        prop_assert_eq!(built.tile_count(), hand.tile_count());
    }

    #[test]
    fn a_stray_char_is_reported_where_it_is(w in written_hand(), at in any::<prop::sample::Index>(), bad in select(vec!['x', 'q', '!', 'é', '\u{1F02B}'])) {
        let mut chars: Vec<char> = w.text.chars().collect();
        let i = at.index(chars.len() + 1);
        chars.insert(i, bad);
        let input: String = chars.into_iter().collect();
        let err = input.parse::<Hand>().expect_err("a stray character never parses");
        check_error(&input, &err)?;
        let is_expected = matches!(err, Error::UnexpectedChar { position, found, .. } if position == i + 1 && found == bad);
        prop_assert!(is_expected, "{:?}: {}", input, err);
    }
}

#[test]
fn unicode_has_no_red_five_but_mpsz_keeps_it() {
    let hand: Hand = "055m".parse().unwrap();
    assert_eq!(hand.red_fives(), [1, 0, 0]);
    assert_eq!(hand.to_string(), "055m");
    let back: Hand = hand.to_unicode().parse().unwrap();
    assert_eq!(back.red_fives(), [0, 0, 0]);
    assert!(same_but_red(&back, &hand));
}

#[test]
fn bonus_tiles_in_any_order_make_the_same_hand() {
    // Found by the properties above: `Display` prints bonus tiles sorted, so a hand that kept
    // them in written order did not parse back to itself.
    for (a, b) in [("6f5f", "56f"), ("0m51f", "0m15f"), ("🀧🀦", "12f")] {
        let x: Hand = a.parse().unwrap();
        let y: Hand = b.parse().unwrap();
        assert_eq!(x, y, "{a} vs {b}");
        assert_eq!(x.to_string().parse::<Hand>().unwrap(), x);
    }
}

#[test]
fn wildcards_are_counted_exactly_or_refused() {
    let stars = "*".repeat(255);
    assert_eq!(stars.parse::<Hand>().unwrap().wildcards(), 255);
    // The 256th wildcard used to be dropped silently (the count saturated at 255).
    let too_many = format!("{stars}*");
    let err = too_many.parse::<Hand>().unwrap_err();
    assert!(matches!(err, Error::UnexpectedChar { position: 256, found: '*', .. }), "{err}");
}
