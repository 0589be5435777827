//! The draw odds against a seeded Monte Carlo simulation of the same model, on 3-shanten hands
//! over 17 draws (too far for the plain reference): each game draws tiles with the model's fixed
//! probabilities, decides with `hupai_shanten::shanten` alone whether a draw wins or lowers the
//! shanten, and among the discards keeping the lower shanten plays the one the evaluator values
//! most for the figure simulated (win, or tenpai: each figure is the best over the class, so
//! each has its own best play). The frequency must fall in the 99.9% Wilson interval of the
//! exact figure. Standard and riichi rules, and hongzhong with a red dragon wild; `HUPAI_FULL=1`
//! plays more hands and games.

mod ev_common;

use ev_common::{Setting, deal, discards, draw, full, probabilities, remove, settings, shanten};
use hupai_odds::ev::{self, EvOptions, Evaluator, Figures};
use hupai_odds::{Estimate, Rng};
use hupai_shanten::Discard;
use hupai_tiles::{Hand, Tile};

const TURNS: u8 = 17;

/// Which figure the simulated play maximises.
#[derive(Clone, Copy, Debug)]
enum Aim {
    Tenpai,
    Win,
}

/// One game from `hand` (after the discard): whether it ended ready (or won), and whether it won.
fn play(
    rng: &mut Rng,
    hand: &Hand,
    setting: &Setting,
    p: &[f64; 34],
    evaluator: &mut Evaluator,
    aim: Aim,
) -> (bool, bool) {
    let mut h = hand.clone();
    let mut n = shanten(&h, &setting.rules);
    for left in (0..TURNS).rev() {
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let mut acc = 0.0;
        let t = Tile::ALL.into_iter().find(|t| {
            acc += p[t.index()];
            u < acc
        });
        let Some(x) = t.and_then(|t| draw(&h, t, setting.wild)) else { continue };
        let m = shanten(&x, &setting.rules);
        if m < 0 {
            return (true, true);
        }
        if m >= n {
            continue; // thrown
        }
        let mut best: Option<(f64, Hand)> = None;
        for d in discards(&x) {
            let y = remove(&x, d, setting.wild);
            if shanten(&y, &setting.rules) != m {
                continue;
            }
            let f: Figures = evaluator.figures(&y, left).expect("figures");
            let v = match aim {
                Aim::Tenpai => f.tenpai,
                Aim::Win => f.win,
            };
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, y));
            }
        }
        h = best.expect("a discard keeps the lower shanten").1;
        n = m;
    }
    (n <= 0, false)
}

#[test]
fn simulation_agrees_with_the_exact_figures() {
    let (hands, games) = if full() { (4, 20_000u64) } else { (1, 500) };
    let mut rng = Rng::new(21);
    let mut checked = 0;
    for setting in settings() {
        let wildcards = if setting.wild.is_some() { 1 } else { 0 };
        for _ in 0..hands {
            let (hand, visible) = deal(&mut rng, &setting, wildcards, 3);
            let options = EvOptions { turns: TURNS, visible, wildcard_tile: setting.wild, ..EvOptions::default() };
            let table = ev::discard_ev(&hand, &setting.rules, &options).expect("discard_ev");
            // The best discard by win (at 3 shanten, sometimes one to 4 shanten with wider draws).
            let line = &table[0];
            assert!((3..=4).contains(&line.shanten));
            let d = match line.discard {
                Discard::Tile(t) => Some(t),
                Discard::Wildcard => None,
            };
            let after = remove(&hand, d, setting.wild);
            let p = probabilities(&hand, &setting.rules, &visible);
            let mut evaluator = Evaluator::new(&hand, &setting.rules, &options).expect("evaluator");
            assert_eq!(evaluator.figures(&after, TURNS).expect("figures"), line.figures);
            for aim in [Aim::Tenpai, Aim::Win] {
                let mut hits = 0;
                for _ in 0..games {
                    let (tenpai, won) = play(&mut rng, &after, &setting, &p, &mut evaluator, aim);
                    hits += u64::from(match aim {
                        Aim::Tenpai => tenpai,
                        Aim::Win => won,
                    });
                }
                let exact = match aim {
                    Aim::Tenpai => line.tenpai(),
                    Aim::Win => line.win(),
                };
                let (low, high) = Estimate { wins: hits, samples: games }.wilson(3.290_526_731_491_926);
                assert!(
                    low <= exact && exact <= high,
                    "{} {hand} discard {:?} {aim:?}: exact {exact}, simulated {hits}/{games} in [{low}, {high}]",
                    setting.name,
                    line.discard
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 6 * hands);
}
