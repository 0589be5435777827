//! Curated corner cases: where algorithms are most likely to part ways.

use super::Example;

/// Rows of the `tricky` snapshot table.
pub(crate) static EXAMPLES: &[Example] = &[
    // Wildcards forming their own group.
    Example {
        name: "three wildcards as a triplet or sequence",
        hand: "123m456p789s11z***",
        shown: &["standard", "standard+5th"],
    },
    Example { name: "two wildcards as the pair", hand: "123m456p789s111z**", shown: &["standard"] },
    Example {
        name: "four triplets and two wildcards",
        hand: "111z222z333z444z**",
        shown: &["standard", "standard+5th"],
    },
    Example { name: "fourteen wildcards", hand: "**************", shown: &["standard", "riichi"] },
    Example { name: "thirteen wildcards wait on anything", hand: "*************", shown: &["standard"] },
    Example { name: "seventeen wildcards", hand: "*****************", shown: &["taiwan"] },
    Example {
        name: "a wildcard pairs the one concealed tile",
        hand: "7z*[123m][456p][789s][1111z]",
        shown: &["standard"],
    },
    Example {
        name: "two wildcards and four declared melds",
        hand: "**[123m][456p][789s][1111z]",
        shown: &["standard"],
    },
    Example { name: "greedy alone is not exact with wildcards", hand: "11m456p789s123s11z*", shown: &["standard"] },
    // The fifth-copy rule.
    Example {
        name: "only a fifth copy completes it",
        hand: "123m456p789s1111z*",
        shown: &["standard", "standard+5th"],
    },
    Example {
        name: "two quads and one wildcard never win",
        hand: "1111z2222z333z44z*",
        shown: &["standard", "standard+5th"],
    },
    Example {
        name: "declared pon beside a concealed copy",
        hand: "5z**123p11z[555z][789s]",
        shown: &["standard", "standard+5th"],
    },
    Example { name: "declared pon leaves one 9m: 789m only", hand: "9m**123p11z[999m][789s]", shown: &["standard"] },
    Example { name: "wait on a fifth copy", hand: "111m*123p456p789p", shown: &["standard", "standard+5th"] },
    Example { name: "four 1m held: no wait", hand: "1111m123p456p789p", shown: &["standard"] },
    Example {
        name: "1111m2222m3333m4m and a wildcard",
        hand: "1111m2222m3333m4m*",
        shown: &["standard", "standard+5th"],
    },
    // Seven pairs.
    Example { name: "seven pairs with a quad", hand: "1111m22m33p44p55s66s", shown: &["riichi", "chinese"] },
    Example {
        name: "a wildcard makes the quad",
        hand: "111m22m33p44p55s66s*",
        shown: &["riichi", "chinese", "chinese+5th"],
    },
    Example { name: "two quads as four pairs", hand: "1111m2222m33p44p55s", shown: &["riichi", "chinese"] },
    Example { name: "seven pairs or melds", hand: "11223344556677m", shown: &["standard", "riichi"] },
    Example { name: "a wildcard pairs the last single", hand: "1122m3344p5566s7z*", shown: &["standard", "riichi"] },
    Example { name: "seven pairs one short", hand: "1122m3344p5566s7z", shown: &["riichi", "chinese"] },
    Example { name: "seven pairs one short beside a quad", hand: "1111m22m33p44p55s6s", shown: &["riichi", "chinese"] },
    // Thirteen orphans.
    Example { name: "thirteen orphans, the wildcard is the pair", hand: "19m19p19s1234567z*", shown: &["riichi"] },
    Example {
        name: "thirteen orphans, two wildcards: a kind and the pair",
        hand: "19m19p19s123456z**",
        shown: &["standard", "riichi"],
    },
    Example { name: "thirteen-sided wait", hand: "19m19p19s1234567z", shown: &["standard", "riichi"] },
    Example {
        name: "thirteen orphans, single wait on the missing kind",
        hand: "19m19p19s12345z66z",
        shown: &["riichi"],
    },
    Example { name: "thirteen orphans one short with a wildcard", hand: "19m19p19s123456z*", shown: &["riichi"] },
    Example { name: "thirteen orphans complete", hand: "19m19p19s1234567z1z", shown: &["standard", "chinese"] },
    // Nine gates and each of its waits.
    Example { name: "nine gates: nine-sided wait", hand: "1112345678999m", shown: &["standard", "riichi"] },
    Example { name: "nine gates + 1m", hand: "11112345678999m", shown: &["standard"] },
    Example { name: "nine gates + 2m", hand: "11122345678999m", shown: &["standard"] },
    Example { name: "nine gates + 3m", hand: "11123345678999m", shown: &["standard"] },
    Example { name: "nine gates + 4m", hand: "11123445678999m", shown: &["standard"] },
    Example { name: "nine gates + 5m", hand: "11123455678999m", shown: &["standard"] },
    Example { name: "nine gates + 6m", hand: "11123456678999m", shown: &["standard"] },
    Example { name: "nine gates + 7m", hand: "11123456778999m", shown: &["standard"] },
    Example { name: "nine gates + 8m", hand: "11123456788999m", shown: &["standard"] },
    Example { name: "nine gates + 9m", hand: "11123456789999m", shown: &["standard"] },
    Example { name: "nine gates with a wildcard for a 9m", hand: "111234567899m*", shown: &["standard"] },
    // 17-tile hands (five melds and a pair).
    Example { name: "17 tiles: two honor triplets", hand: "123m456p789s111222z33z", shown: &["taiwan"] },
    Example { name: "17 tiles with a wildcard", hand: "123345m555789p1s555z*", shown: &["taiwan", "taiwan+5th"] },
    Example {
        name: "17 tiles: three wildcards and four declared melds",
        hand: "11s***[123m][345m][555p][789p]",
        shown: &["taiwan"],
    },
    Example {
        name: "17 tiles: a wildcard and five declared melds",
        hand: "1s*[123m][345m][555p][789p][555z]",
        shown: &["taiwan"],
    },
    Example { name: "16 tiles: nine gates and a triplet", hand: "1112345678999m111z", shown: &["taiwan"] },
    Example { name: "17 tiles: seven pairs never count", hand: "11223344556677m111z", shown: &["taiwan"] },
];
