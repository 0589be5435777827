//! The worked examples of the five seed articles (S000–S004, in `/work/shared/seeds` file order),
//! each named after its seed and what it shows. Suits the articles leave open (S000 counts "1 1 1 2"
//! without a suit) are written as `m`; S000's and S002's 西 (West) is `3z`.

use super::Example;

/// Rows of the `seeds` snapshot table.
pub(crate) static EXAMPLES: &[Example] = &[
    // S000: the index key of Thinkraft's answer, and the three-wildcard pruning.
    Example { name: "S000 key 3 4 4 3", hand: "11122223333444m", shown: &["standard"] },
    Example { name: "S000 key 3 4 4 3 one rank up", hand: "22233334444555m", shown: &["standard"] },
    Example {
        name: "S000 key 3 1 1 1 0 1 1 1 0 3 0 2 (111234678 EEE WW)",
        hand: "111234678m11133z",
        shown: &["standard"],
    },
    Example {
        name: "S000 key 1 1 1 0 1 1 1 0 1 1 1 0 1 1 1 0 2 (123567 123567 WW)",
        hand: "123567p123567m33z",
        shown: &["standard"],
    },
    Example {
        name: "S000 pruning flaw: three wildcards must form a fresh group",
        hand: "111z222z333z44z***",
        shown: &["standard", "standard+5th"],
    },
    Example {
        name: "S000 checkValid: no fifth copy",
        hand: "123m456p789s1111z*",
        shown: &["standard", "standard+5th"],
    },
    // S001: the combiner framework; its missing coverings and anonymous wildcards.
    Example {
        name: "S001 missing coverings: the wildcard below the start (123m) as well as above (234m)",
        hand: "23m*456p789s111z44z",
        shown: &["standard"],
    },
    Example {
        name: "S001 anonymous wildcards: the copy limit decides what * is",
        hand: "1111m2m*456p789s11z",
        shown: &["standard", "standard+5th"],
    },
    Example {
        name: "S001 special combiner: thirteen orphans",
        hand: "19m19p19s1234567z*",
        shown: &["standard", "riichi"],
    },
    Example {
        name: "S001 combiner set (the combine docs example): seven pairs or melds",
        hand: "22334455m667788p",
        shown: &["standard", "chinese"],
    },
    // S002: the index method (Japanese article, machine translated).
    Example { name: "S002 12333345: 33 is the pair, not 333", hand: "12333345m456p789s", shown: &["standard"] },
    Example { name: "S002 timing hand 123567 123567 WW", hand: "123567m123567p33z", shown: &["standard"] },
    Example { name: "S002 timing hand 111234678 EEE WW", hand: "111234678m111z33z", shown: &["standard"] },
    Example { name: "S002 timing hand 11122223333444", hand: "11122223333444m", shown: &["standard"] },
    Example { name: "S002 13579 13579 ESWN: the 27-bit key", hand: "13579m13579p1234z", shown: &["standard"] },
    Example {
        name: "S002 shape 2 2 2 2 2 2 2 (seven pairs)",
        hand: "1133m5577p2244s66z",
        shown: &["standard", "riichi"],
    },
    Example { name: "S002 shape 4111111113 (nine gates)", hand: "11112345678999m", shown: &["standard"] },
    Example { name: "S002 shape 111111111 (pure straight)", hand: "123456789m222p11z", shown: &["standard"] },
    Example { name: "S002 shape 222 (one cup)", hand: "112233m456p789s11z", shown: &["standard", "riichi"] },
    Example { name: "S002 shapes 222 222 (two cups)", hand: "112233m556677p11z", shown: &["standard", "riichi"] },
    Example { name: "S002 shape 111222333: triplets or sequences", hand: "111222333m456p11z", shown: &["standard"] },
    Example { name: "S002 shapes 2 111 111 111 111 (pair first)", hand: "11345789m123567p", shown: &["standard"] },
    Example { name: "S002 shapes 111 111 111 111 2 (pair last)", hand: "345789m123567p11z", shown: &["standard"] },
    Example {
        name: "S002 shapes 111 111 111 2 and a declared meld",
        hand: "123m456p789s11z[234m]",
        shown: &["standard"],
    },
    // S003: splitting into segments with the carry map; a 16-tile (taiwan) hand.
    Example {
        name: "S003 test hand 🀇🀈🀉 🀉🀊🀋 🀆🀆🀆 🀐🀐 🀝🀝🀝🀟🀠🀡 (17 tiles)", hand: "🀇🀈🀉🀉🀊🀋🀆🀆🀆🀐🀐🀝🀝🀝🀟🀠🀡", shown: &["taiwan"]
    },
    Example {
        name: "S003 test hand before the winning 1s (16 tiles)",
        hand: "123345m555789p1s555z",
        shown: &["taiwan"],
    },
    Example { name: "S003 segment 31221 (555 678 789)", hand: "555677889p123m11z", shown: &["standard"] },
    Example { name: "S003 segment 144 (123 222 333)", hand: "12222333m456p11z", shown: &["standard"] },
    // S004: the suit matrix, triplet first; its sequence-first reading fails.
    Example { name: "S004 AAABBBCCC: triplets or sequences", hand: "777888999p123m55z", shown: &["standard"] },
    Example { name: "S004 AAAABBBBCCCC", hand: "111122223333m11z", shown: &["standard"] },
    Example { name: "S004 AAAABC", hand: "111123m456p789s11z", shown: &["standard"] },
    Example { name: "S004 ABCCCDEF", hand: "12333456m789p111z", shown: &["standard"] },
    Example {
        name: "S004 sequence-first reading fails, triplet first wins",
        hand: "111234m456p789s11z",
        shown: &["standard"],
    },
    Example { name: "S004 honors row of the matrix", hand: "123m456p789s111z22z", shown: &["standard"] },
];
