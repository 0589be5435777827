//! Tenhou's shuffle against the validation data published with it: the seed of log
//! 2017020100gm-00e1-0000-17d39cdb gives this first wall and these dice.

use hupai_game::tenhou_shuffle::TenhouShuffle;

const FIRST_WALL: [u8; 136] = [
    124, 122, 37, 27, 80, 127, 125, 87, 104, 67, 115, 95, 8, 57, 92, 130, 69, 118, 20, 128, 35, 6, 123, 56, 103, 96,
    55, 85, 109, 88, 32, 63, 26, 117, 16, 17, 82, 47, 68, 23, 9, 25, 65, 5, 39, 94, 76, 58, 97, 36, 14, 99, 111, 7,
    133, 113, 31, 100, 131, 70, 28, 46, 30, 60, 79, 41, 74, 116, 75, 93, 105, 49, 91, 135, 114, 42, 45, 132, 21, 119,
    18, 24, 129, 51, 121, 3, 81, 40, 29, 13, 34, 19, 86, 78, 53, 64, 50, 71, 120, 83, 66, 84, 126, 4, 12, 10, 101, 102,
    22, 112, 15, 48, 134, 77, 0, 11, 108, 98, 61, 1, 107, 110, 59, 90, 2, 44, 54, 38, 89, 33, 62, 43, 73, 106, 72, 52,
];

fn seed() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tenhou_seed_2017020100gm-00e1-0000-17d39cdb.txt"
    ))
    .unwrap()
}

#[test]
fn the_published_seed_gives_the_published_wall_and_dice() {
    let mut shuffle = TenhouShuffle::from_seed(&seed()).unwrap();
    let wall = shuffle.next_wall(4);
    let ids: Vec<u8> = wall.ids().iter().map(|id| id.0).collect();
    assert_eq!(ids, FIRST_WALL);
    assert_eq!(wall.dice, [4, 5]);
    // The next hands go on from the same generator: different walls, each a permutation.
    let second = shuffle.next_wall(4);
    assert_ne!(second.ids(), wall.ids());
    let mut sorted: Vec<u8> = second.ids().iter().map(|id| id.0).collect();
    sorted.sort();
    assert_eq!(sorted, (0..136).collect::<Vec<u8>>());
}

#[test]
fn three_players_shuffle_their_108_tiles() {
    let mut shuffle = TenhouShuffle::from_seed(&seed()).unwrap();
    let wall = shuffle.next_wall(3);
    assert_eq!(wall.len, 108);
    let mut sorted: Vec<u8> = wall.ids().iter().map(|id| id.0).collect();
    sorted.sort();
    let expected: Vec<u8> = (0..136).filter(|id| !(4..32).contains(id)).collect();
    assert_eq!(sorted, expected);
    // The same random words as the four-player wall: the same dice.
    assert_eq!(wall.dice, [4, 5]);
}
