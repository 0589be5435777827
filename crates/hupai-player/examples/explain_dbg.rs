//! Debug: explanations along a seeded game.
use hupai_game::policy::Policy;
use hupai_game::{Game, GameRules, Action};
use hupai_player::Hupai;
fn main() {
    let mut g = Game::new(GameRules::TENHOU, 1);
    let mut n = 0;
    while let Some(seat) = g.next_seat() {
        let legal = g.legal_actions(seat);
        let why = Hupai::new().explain(&g, seat).unwrap();
        if legal.iter().any(|a| matches!(a, Action::Dahai{..})) && n < 400 && n % 20 == 0 {
            println!("{} {:?} {} threat {:.2}", why.action, why.pai, why.reason, why.threat);
            for c in why.candidates.iter().take(4) {
                println!("   {:?} sh {:?} tp {:.2} win {:.3} score {:.0} danger {:.3} loss {:.0} value {:.0}", c.pai, c.shanten, c.tenpai, c.win, c.score, c.danger, c.loss, c.value);
            }
        }
        n += 1;
        let a = Hupai::new().choose(&g, seat, &legal);
        g.apply(seat, a).unwrap();
    }
}
