//! Reads into reused memory: a [`Reader`] that keeps its memory, reads into caller-owned columns
//! ([`ColumnsMut`]) and the stream's batches written into the same memory give byte for byte
//! the rows fresh reads give, whatever the earlier reads left in that memory; columns that do not
//! fit are refused with the column named, before anything is written.

use std::path::PathBuf;

use hupai_dataset::action_table::ActionTable;
use hupai_dataset::{Columns, ColumnsMut, Options, Planes, Reader, Source, Stream, read, read_texts};
use hupai_game::policy::{Random, play_out};
use hupai_game::{Game, GameRules};

/// Logs of games `seeds` under `rules`, played by random players, as `hupai play` writes them.
fn played(rules: GameRules, seeds: std::ops::Range<u64>) -> Vec<Source> {
    seeds
        .map(|seed| {
            let mut game = Game::new(rules, seed);
            play_out(&mut game, &mut Random::new(seed));
            Source {
                name: format!("seed {seed}"),
                text: Ok(hupai_game::mjai::write_with_rules(game.events(), game.rules())),
            }
        })
        .collect()
}

/// Every column's bytes (floats by their bits: `==` would let -0.0 pass for 0.0), the family,
/// games and reports.
fn assert_same(got: &Columns, want: &Columns, what: &str) {
    assert_eq!(got.family.map(|f| f.name), want.family.map(|f| f.name), "{what}: family");
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<u32>>();
    assert_eq!(bits(&got.planes_f32), bits(&want.planes_f32), "{what}: planes_f32");
    assert_eq!(got.planes_u8, want.planes_u8, "{what}: planes_u8");
    assert_eq!(got.mask, want.mask, "{what}: mask");
    assert_eq!(got.action, want.action, "{what}: action");
    assert_eq!(got.seat, want.seat, "{what}: seat");
    assert_eq!(got.file, want.file, "{what}: file");
    assert_eq!(got.game, want.game, "{what}: game");
    assert_eq!(got.hand, want.hand, "{what}: hand");
    assert_eq!(got.event, want.event, "{what}: event");
    assert_eq!(got.hand_deltas, want.hand_deltas, "{what}: hand_deltas");
    assert_eq!(got.final_scores, want.final_scores, "{what}: final_scores");
    assert_eq!(got.rank, want.rank, "{what}: rank");
    assert_eq!(got.oracle_hands, want.oracle_hands, "{what}: oracle_hands");
    assert_eq!((got.games, &got.damaged), (want.games, &want.damaged), "{what}: games and reports");
}

/// The first `rows` rows of `c` (every column cut to them), as new columns.
fn first_rows(c: &Columns, rows: usize) -> Columns {
    let mut out = c.take(&(0..rows).collect::<Vec<_>>());
    (out.games, out.damaged) = (c.games, c.damaged.clone());
    out
}

/// Writes values no read writes over every column (NaN planes, every mask cell set, -1 and 255
/// elsewhere), so that a read which leaves a stale value behind is caught.
fn scribble(c: &mut Columns) {
    c.planes_f32.fill(f32::NAN);
    c.planes_u8.fill(0xAB);
    c.mask.fill(true);
    c.action.fill(-1);
    c.seat.fill(-1);
    c.file.fill(u32::MAX);
    c.game.fill(u32::MAX);
    c.hand.fill(u16::MAX);
    c.event.fill(u32::MAX);
    c.hand_deltas.fill(i32::MIN);
    c.final_scores.fill(i32::MIN);
    c.rank.fill(-1);
    c.oracle_hands.fill(0xCD);
}

const FORMS: [Planes; 3] = [Planes::None, Planes::U8, Planes::F32];

#[test]
fn a_reader_that_keeps_its_memory_reads_as_a_fresh_read() {
    let tenhou = played(GameRules::TENHOU, 0..5);
    let gb = played(GameRules::preset("gb").unwrap(), 0..2);
    for planes in FORMS {
        for oracle in [false, true] {
            let options = Options { planes, oracle, ..Options::default() };
            let mut reader = Reader::new(options);
            // Reads of different sizes, one of another family, and a smaller one after a larger
            // (stale rows past its end must not show).
            let reads: [&[Source]; 5] = [&tenhou, &tenhou[1..2], &gb, &tenhou[..3], &tenhou[3..]];
            let mut room: Option<(*const i16, usize)> = None;
            for (i, sources) in reads.into_iter().enumerate() {
                let fresh = read_texts(sources, &options);
                let kept = reader.read_texts(sources);
                assert_same(kept, &fresh, &format!("{planes:?}, oracle {oracle}, read {i}"));
                // A read no larger than the largest so far writes into the memory it already has.
                if let Some((at, capacity)) = room
                    && kept.action.len() <= capacity
                {
                    assert_eq!(kept.action.as_ptr(), at, "{planes:?} read {i}: the columns were made anew");
                }
                if room.is_none_or(|(_, c)| kept.action.capacity() > c) {
                    room = Some((kept.action.as_ptr(), kept.action.capacity()));
                }
                assert_eq!(reader.family().map(|f| f.name), fresh.family.map(|f| f.name));
            }
        }
    }
}

#[test]
fn reads_into_caller_memory_equal_fresh_reads_whatever_was_there() {
    let tenhou = played(GameRules::TENHOU, 10..15);
    let family = ActionTable::for_rules(&GameRules::TENHOU).unwrap().family;
    for planes in FORMS {
        let options = Options { planes, oracle: planes == Planes::U8, ..Options::default() };
        let largest = read_texts(&tenhou, &options).len();
        // One set of columns, room for a little more than the largest read, for every read.
        let mut memory = Columns::with_rows(family, largest + 7, &options);
        let mut reader = Reader::new(options);
        let reads: [&[Source]; 4] = [&tenhou, &tenhou[2..3], &tenhou[..2], &tenhou];
        for (i, sources) in reads.into_iter().enumerate() {
            scribble(&mut memory);
            let fresh = read_texts(sources, &options);
            let filled = reader.read_texts_into_slices_checked(sources, &mut memory.as_mut()).unwrap();
            assert_eq!((filled.rows, filled.decisions), (fresh.len(), fresh.len()), "{planes:?} read {i}");
            assert_eq!((filled.family.map(|f| f.name), filled.games), (Some("riichi4"), fresh.games));
            let mut got = first_rows(&memory, filled.rows);
            (got.games, got.damaged) = (filled.games, filled.damaged.clone());
            assert_same(&got, &fresh, &format!("{planes:?} read {i} into caller memory"));
            // The rows past the read's are left as they were.
            assert!(memory.action[filled.rows..].iter().all(|&a| a == -1), "{planes:?} read {i}");
            // The lenient door writes the same rows.
            scribble(&mut memory);
            let lenient = reader.read_texts_into_slices(sources, &mut memory.as_mut());
            assert_eq!(lenient.rows, fresh.len());
            let mut got = first_rows(&memory, lenient.rows);
            (got.games, got.damaged) = (lenient.games, lenient.damaged);
            assert_same(&got, &fresh, &format!("{planes:?} read {i}, lenient"));
        }
    }
}

#[test]
fn too_little_room_writes_the_first_rows_and_says_how_many_were_needed() {
    let logs = played(GameRules::TENHOU, 20..23);
    let options = Options { planes: Planes::U8, ..Options::default() };
    let fresh = read_texts(&logs, &options);
    let family = fresh.family.unwrap();
    let room = fresh.len() / 2 + 3;
    let mut memory = Columns::with_rows(family, room, &options);
    let mut reader = Reader::new(options);
    let filled = reader.read_texts_into_slices(&logs, &mut memory.as_mut());
    assert_eq!((filled.rows, filled.decisions, filled.games), (room, fresh.len(), 3));
    let mut got = first_rows(&memory, room);
    (got.games, got.damaged) = (filled.games, filled.damaged);
    assert_same(&got, &first_rows(&fresh, room), "the first rows, lenient");
    let err = reader.read_texts_into_slices_checked(&logs, &mut memory.as_mut()).unwrap_err();
    assert_eq!(err.column, "action");
    assert!(err.message.contains(&format!("room for {room} rows")), "{err}");
    assert!(err.message.contains(&format!("{} decisions", fresh.len())), "{err}");
}

#[test]
fn reads_into_caller_memory_equal_fresh_reads_on_pools_of_any_size_with_damaged_games_and_any_room() {
    // Into caller memory the first game of each wave writes its planes straight into the
    // columns, the others through their own rows: on pools of one, two and three threads each
    // game is read both ways, and a game cut in the middle of a hand (reported damaged after
    // some of its planes were written) must leave nothing behind that the next game does not
    // write over. Rooms that end inside a game keep only the rows that fit.
    let good = played(GameRules::TENHOU, 30..34);
    let cut = |s: &Source| {
        let text = s.text.clone().unwrap();
        let lines: Vec<&str> = text.lines().collect();
        Source { name: format!("{} cut", s.name), text: Ok(lines[..lines.len() / 2].join("\n")) }
    };
    let logs = vec![good[0].clone(), cut(&good[1]), good[2].clone(), cut(&good[0]), good[3].clone(), cut(&good[2])];
    let family = ActionTable::for_rules(&GameRules::TENHOU).unwrap().family;
    for planes in [Planes::F32, Planes::U8] {
        let options = Options { planes, ..Options::default() };
        let fresh = read_texts(&logs, &options);
        assert_eq!((fresh.games, fresh.damaged.len()), (3, 3), "{planes:?}: {:?}", fresh.damaged);
        let all = fresh.len();
        for threads in 1..=3 {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let mut reader = Reader::new(options);
            for room in [all, all + 9, all / 5 + 1, all / 2 + 3, all - 2, 0] {
                let mut memory = Columns::with_rows(family, room, &options);
                scribble(&mut memory);
                let filled = pool.install(|| reader.read_texts_into_slices(&logs, &mut memory.as_mut()));
                let what = format!("{planes:?}, {threads} threads, room {room}");
                assert_eq!((filled.rows, filled.decisions), (room.min(all), all), "{what}");
                let mut got = first_rows(&memory, filled.rows);
                (got.games, got.damaged) = (filled.games, filled.damaged);
                let mut want = first_rows(&fresh, filled.rows);
                (want.games, want.damaged) = (fresh.games, fresh.damaged.clone());
                assert_same(&got, &want, &what);
            }
        }
    }
}

#[test]
fn columns_that_do_not_fit_are_refused_naming_the_column_before_anything_is_written() {
    let logs = played(GameRules::TENHOU, 30..31);
    let f32_options = Options { planes: Planes::F32, ..Options::default() };
    let tenhou = ActionTable::for_rules(&GameRules::TENHOU).unwrap().family;
    let gb = ActionTable::for_rules(&GameRules::preset("gb").unwrap()).unwrap().family;
    let mut reader = Reader::new(f32_options);
    let refused = |reader: &mut Reader, memory: &mut Columns, column: &str, says: &str| {
        scribble(memory);
        let err = reader.read_texts_into_slices_checked(&logs, &mut memory.as_mut()).unwrap_err();
        assert_eq!(err.column, column, "{err}");
        assert!(err.message.contains(says), "{err}");
        assert!(err.to_string().starts_with(&format!("{column}: ")), "{err}");
        assert!(memory.action.iter().all(|&a| a == -1), "{err}: rows were written");
    };
    // Columns of another family: the mask's rows are of the wrong width.
    let mut other = Columns::with_rows(gb, 2000, &f32_options);
    refused(&mut reader, &mut other, "planes", "wrong family or shape");
    let mut other = Columns::with_rows(gb, 2000, &Options { planes: Planes::None, ..f32_options });
    let mut none_reader = Reader::new(Options { planes: Planes::None, ..f32_options });
    refused(&mut none_reader, &mut other, "mask", "a row of the riichi4 family is 316 values");
    // The planes missing, of the other form, or given to a read without planes.
    let mut no_planes = Columns::with_rows(tenhou, 2000, &Options { planes: Planes::None, ..f32_options });
    refused(&mut reader, &mut no_planes, "planes", "`action` has 2000 rows");
    let mut packed = Columns::with_rows(tenhou, 2000, &Options { planes: Planes::U8, ..f32_options });
    refused(&mut reader, &mut packed, "planes", "the wrong form");
    let mut planes = Columns::with_rows(tenhou, 2000, &f32_options);
    refused(&mut none_reader, &mut planes, "planes", "the read writes no planes");
    // The oracle's hands given without the oracle.
    let mut oracle = Columns::with_rows(tenhou, 2000, &Options { oracle: true, ..f32_options });
    refused(&mut reader, &mut oracle, "oracle_hands", "oracle is off");
    // A column of fewer rows than the others.
    let mut short = Columns::with_rows(tenhou, 2000, &f32_options);
    short.hand_deltas.truncate(1999 * 4);
    refused(&mut reader, &mut short, "hand_deltas", "1999 rows of 4 values, but `action` has 2000 rows");
    // Empty columns read nothing and fail only for want of room.
    let err = reader.read_texts_into_slices_checked(&logs, &mut ColumnsMut::default()).unwrap_err();
    assert_eq!(err.column, "action", "{err}");
    assert!(err.message.contains("room for 0 rows"), "{err}");
    let filled = reader.read_texts_into_slices(&logs, &mut ColumnsMut::default());
    assert_eq!((filled.rows, filled.games), (0, 1));
    assert!(filled.decisions > 100);
}

/// The logs written to a fresh folder (the stream reads paths).
fn on_disk(name: &str, logs: &[Source]) -> Vec<PathBuf> {
    let dir = std::env::temp_dir().join(format!("hupai-dataset-reuse-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    logs.iter()
        .enumerate()
        .map(|(i, s)| {
            let path = dir.join(format!("{i:03}.mjson"));
            std::fs::write(&path, s.text.as_ref().unwrap()).unwrap();
            path
        })
        .collect()
}

#[test]
fn streaming_into_the_same_memory_equals_streaming_into_new() {
    let paths = on_disk("stream", &played(GameRules::TENHOU, 40..47));
    for planes in [Planes::None, Planes::U8, Planes::F32] {
        let options = Options { planes, ..Options::default() };
        for shuffle in [None, Some(5)] {
            let what = format!("{planes:?}, shuffle {shuffle:?}");
            let (batch, per_read) = (700, 2);
            let stream = || Stream::new(paths.clone(), options, batch, per_read, shuffle);
            let (mut fresh, mut into, mut filled) = (stream(), stream(), stream());
            let mut kept = Columns::default();
            let mut memory: Option<Columns> = None;
            let mut all = Columns::default();
            let mut sizes = Vec::new();
            while let Some(want) = fresh.next_batch() {
                let batches = sizes.len();
                assert!(into.next_batch_into(&mut kept), "{what}: batch {batches}");
                assert_same(&kept, &want, &format!("{what}: next_batch_into, batch {batches}"));
                if memory.is_none() {
                    assert!(filled.prepare() >= batch, "{what}");
                    memory = Some(Columns::with_rows(filled.family().unwrap(), batch, &options));
                }
                let memory = memory.as_mut().unwrap();
                scribble(memory);
                let done = filled.fill(&mut memory.as_mut()).unwrap().unwrap();
                assert_eq!(done.rows, want.len(), "{what}: batch {batches}");
                assert_same(&first_rows(memory, done.rows), &want, &format!("{what}: fill, batch {batches}"));
                sizes.push(want.len());
                all.append(want);
            }
            // Full batches, but the last.
            assert!(sizes[..sizes.len() - 1].iter().all(|&n| n == batch) && sizes.len() > 2, "{what}: {sizes:?}");
            assert!(!into.next_batch_into(&mut kept) && kept.is_empty(), "{what}");
            assert!(filled.fill(&mut memory.as_mut().unwrap().as_mut()).unwrap().is_none(), "{what}");
            assert_eq!((fresh.games, into.games, filled.games), (7, 7, 7), "{what}");
            // Every row of the corpus once: in corpus order without shuffling, else in some order.
            let whole = read(&paths, &options);
            let key = |c: &Columns| {
                let mut k: Vec<_> =
                    (0..c.len()).map(|i| (c.file[i], c.game[i], c.event[i], c.seat[i], c.action[i])).collect();
                if shuffle.is_some() {
                    k.sort_unstable();
                }
                k
            };
            assert_eq!(key(&all), key(&whole), "{what}");
            if shuffle.is_some() {
                let plain: Vec<_> = (0..all.len()).map(|i| (all.file[i], all.event[i])).collect();
                let mut sorted = plain.clone();
                sorted.sort_unstable();
                assert_ne!(plain, sorted, "{what}: the rows were not shuffled");
            }
        }
    }
    // A batch needs room for a batch.
    let options = Options { planes: Planes::None, ..Options::default() };
    let mut stream = Stream::new(paths.clone(), options, 500, 2, Some(1));
    let family = ActionTable::for_rules(&GameRules::TENHOU).unwrap().family;
    let mut small = Columns::with_rows(family, 499, &options);
    let err = stream.fill(&mut small.as_mut()).unwrap_err();
    assert_eq!(err.column, "action");
    assert!(err.message.contains("a batch is 500 rows"), "{err}");
    // Nothing was lost by the refusal: the stream gives every row still.
    let mut right = Columns::with_rows(family, 500, &options);
    let mut rows = 0;
    while let Some(f) = stream.fill(&mut right.as_mut()).unwrap() {
        rows += f.rows;
    }
    assert_eq!(rows, read(&paths, &options).len());
    let _ = std::fs::remove_dir_all(paths[0].parent().unwrap());
}

/// splitmix64, as the stream draws its order.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn shuffle<T>(v: &mut [T], state: &mut u64) {
    for i in (1..v.len()).rev() {
        let j = (next_random(state) % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
}

#[test]
fn the_stream_gives_the_rows_in_the_order_its_seed_has_always_given() {
    // The order of the batches, made here the plain way (files shuffled, each read's rows
    // appended to what the last read left, all of them shuffled, a batch cut from the front),
    // so that the stream's batches stay those a seed gave in earlier versions.
    let paths = on_disk("order", &played(GameRules::TENHOU, 50..57));
    let options = Options { planes: Planes::U8, ..Options::default() };
    for (seed, batch, per_read) in [(3u64, 500, 2), (9, 1500, 3), (0, 333, 1)] {
        let mut rng = seed;
        let mut order: Vec<(usize, PathBuf)> = paths.iter().cloned().enumerate().collect();
        shuffle(&mut order, &mut rng);
        let (mut left, mut next, mut want) = (Columns::default(), 0, Vec::new());
        loop {
            while left.len() < batch && next < order.len() {
                let chunk = &order[next..(next + per_read).min(order.len())];
                next += chunk.len();
                let mut c = read(&chunk.iter().map(|(_, p)| p.clone()).collect::<Vec<_>>(), &options);
                for f in &mut c.file {
                    *f = chunk[*f as usize].0 as u32;
                }
                (c.games, c.damaged) = (0, Vec::new());
                left.append(c);
                let mut rows: Vec<usize> = (0..left.len()).collect();
                shuffle(&mut rows, &mut rng);
                left = left.take(&rows);
            }
            if left.is_empty() {
                break;
            }
            let rest = left.split_off(batch.min(left.len()));
            want.push(std::mem::replace(&mut left, rest));
        }
        let mut stream = Stream::new(paths.clone(), options, batch, per_read, Some(seed));
        let mut got = 0;
        while let Some(b) = stream.next_batch() {
            assert_same(&b, &want[got], &format!("seed {seed}, batch {got}"));
            got += 1;
        }
        assert_eq!(got, want.len(), "seed {seed}");
    }
    let _ = std::fs::remove_dir_all(paths[0].parent().unwrap());
}
