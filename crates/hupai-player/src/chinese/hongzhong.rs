//! Hongzhong (红中麻将): the red dragons are wild, a win is by self-draw (by default) and every
//! kong is paid at once. The player keeps its red dragons (never discards one while another
//! discard is legal, never calls with one), makes every kong that keeps its shanten (in the
//! shared turn), and otherwise plays for speed: the table's wins differ little in value.

/// What a self-drawn win is worth: about 2 points from each of three players.
pub(super) const WIN_VALUE: f64 = 6.0;

use super::Ctx;

/// A hand far from ready: every win is worth about the same; the red dragons held add speed.
pub(super) fn plan_value(ctx: &Ctx, counts: &[u8; 34]) -> f64 {
    let wild = ctx.wildcard.map_or(0, |w| counts[w.index()]);
    WIN_VALUE * (1.0 + 0.1 * f64::from(wild))
}
