//! `hupai review`: a game log reviewed decision by decision against the hupai player
//! (`hupai_player::review`), as JSON (one object: the decisions and the summary) or as one
//! self-contained HTML file.

use std::fmt::Write as _;
use std::io::{self, Write};

use clap::{Args, ValueEnum};
use hupai_player::review::{self, Review, ReviewOptions, ReviewedDecision};

use crate::arena::parse_rules;

/// What `review` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// One JSON object: `decisions`, `summary`, `errors`.
    Json,
    /// One self-contained HTML page (no scripts or files beside it).
    Html,
}

#[derive(Args)]
pub(crate) struct ReviewArgs {
    /// The log: mjai, tenhou.net/6, mjlog or 電脳麻将's paipu (`-` reads stdin); every game in it.
    file: String,
    /// The seat reviewed (repeat for more); every seat by default.
    #[arg(long)]
    seat: Vec<u8>,
    /// The rules to replay under: a preset or a JSON object (default: the rules the log names).
    #[arg(long)]
    rules: Option<String>,
    /// The output.
    #[arg(long, value_enum, default_value = "json")]
    format: Format,
    /// Leave out each turn's draw odds (`odds`): much faster on long logs.
    #[arg(long)]
    no_odds: bool,
}

/// Runs `review`; `Ok(true)` when some game did not replay (its error is in the output and on
/// standard error).
pub(crate) fn run(args: &ReviewArgs, out: &mut dyn Write) -> Result<bool, String> {
    let text = if args.file == "-" {
        io::read_to_string(io::stdin()).map_err(|e| format!("standard input: {e}"))?
    } else {
        std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file))?
    };
    let rules = args.rules.as_deref().map(parse_rules).transpose()?;
    let mut options = ReviewOptions::new().odds(!args.no_odds);
    for &s in &args.seat {
        if s > 3 {
            return Err(format!("--seat {s}: a seat is 0 to 3"));
        }
        options = options.seat(s);
    }
    let review = review::review(&text, rules, options).map_err(|e| format!("{}: {e}", args.file))?;
    for e in &review.errors {
        eprintln!("hupai review: {}: {e}", args.file);
    }
    let written = match args.format {
        Format::Json => serde_json::to_writer(&mut *out, &review).map_err(io::Error::from).and_then(|()| writeln!(out)),
        Format::Html => out.write_all(html(&review, &args.file).as_bytes()),
    };
    written.map_err(|e| format!("writing the review: {e}"))?;
    Ok(!review.errors.is_empty())
}

/// A candidate's value as the page shows it: a value the player gave no weight to (it ranks
/// below every other, as the lowest number) is a dash.
struct Shown(f64);

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_finite() && self.0 > -1e12 { write!(f, "{:.0}", self.0) } else { f.write_str("—") }
    }
}

/// HTML-escapes text.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// An mjai action in a few words (`dahai 5m`, `pon 3z`, `reach`, `none`).
fn words(action: &serde_json::Value) -> String {
    let kind = action.get("type").and_then(|t| t.as_str()).unwrap_or("?");
    match action.get("pai").and_then(|p| p.as_str()) {
        Some(p) => format!("{kind} {p}"),
        None => kind.to_owned(),
    }
}

fn chosen_words(d: &ReviewedDecision) -> String {
    match d.hupai.pai {
        Some(p) => format!("{} {p}", d.hupai.action),
        None => d.hupai.action.to_owned(),
    }
}

/// The review as one page: the summary, the largest losses, then every decision with its
/// candidates (each decision has an anchor, `#d12`, so a page can link to it).
fn html(review: &Review, file: &str) -> String {
    let s = &review.summary;
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Review of {title}</title><style>\
         body{{font:14px/1.4 system-ui,sans-serif;margin:1em auto;max-width:60em;padding:0 1em}}\
         table{{border-collapse:collapse;margin:.5em 0}}td,th{{border:1px solid #ccc;padding:2px 6px;text-align:right}}\
         td:first-child,th:first-child{{text-align:left}}.miss{{background:#fde8e8}}.agree{{background:#e8f6e8}}\
         .chosen{{font-weight:bold}}.played{{text-decoration:underline}}section{{margin:1em 0;border-top:1px solid #ddd}}\
         </style></head><body>\n<h1>Review of {title}</h1>\n",
        title = esc(file)
    );
    let _ = write!(
        h,
        "<p id=\"summary\">{} decisions, {} agree with the hupai player ({:.1}%), {:.0} points of expected value given up.</p>\n",
        s.decisions,
        s.agreements,
        100.0 * s.agreement_rate,
        s.total_loss
    );
    for e in &review.errors {
        let _ = writeln!(h, "<p class=\"miss\">Not replayed: {}</p>", esc(e));
    }
    h.push_str("<h2>Largest losses</h2>\n<table><tr><th>decision</th><th>hand</th><th>seat</th><th>played</th><th>hupai</th><th>loss</th></tr>\n");
    for &i in &s.largest {
        let d = &review.decisions[i];
        let _ = writeln!(
            h,
            "<tr><td><a href=\"#d{i}\">{i}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.0}</td></tr>",
            esc(&d.kyoku),
            d.seat,
            esc(&words(&d.played)),
            esc(&chosen_words(d)),
            d.loss.unwrap_or(0.0)
        );
    }
    h.push_str(
        "</table>\n<h2>Per hand</h2>\n<table><tr><th>hand</th><th>decisions</th><th>agree</th><th>loss</th></tr>\n",
    );
    for hand in &s.hands {
        let _ = writeln!(
            h,
            "<tr><td>{}{}</td><td>{}</td><td>{}</td><td>{:.0}</td></tr>",
            if hand.game > 0 { format!("game {} ", hand.game) } else { String::new() },
            esc(&hand.kyoku),
            hand.decisions,
            hand.agreements,
            hand.loss
        );
    }
    h.push_str("</table>\n<h2>Decisions</h2>\n");
    for (i, d) in review.decisions.iter().enumerate() {
        let class = if d.agree { "agree" } else { "miss" };
        let _ = write!(
            h,
            "<section id=\"d{i}\" class=\"{class}\"><h3>{i}. {} seat {}: played {}, hupai {}{}</h3>",
            esc(&d.kyoku),
            d.seat,
            esc(&words(&d.played)),
            esc(&chosen_words(d)),
            d.loss.filter(|&l| l > 0.0).map(|l| format!(" (−{l:.0})")).unwrap_or_default()
        );
        let _ = write!(h, "<p>{} ({:?})</p>", esc(&d.hupai.reason), d.hupai.mode);
        if let Some(p) = &d.position {
            let _ = write!(
                h,
                "<p>Hand <code>{}</code>, seen <code>{}</code>, {} draws left</p>",
                esc(&p.hand),
                esc(&p.visible),
                p.turns
            );
        }
        if !d.hupai.candidates.is_empty() {
            h.push_str(
                "<table><tr><th>action</th><th>shanten</th><th>tenpai</th><th>win</th><th>score</th>\
                 <th>danger</th><th>loss</th><th>value</th></tr>",
            );
            for c in &d.hupai.candidates {
                let name = match c.pai {
                    Some(p) => format!("{} {p}", c.action),
                    None => c.action.to_owned(),
                };
                let played = words(&d.played) == name;
                let class = match (c.chosen, played) {
                    (true, true) => " class=\"chosen played\"",
                    (true, false) => " class=\"chosen\"",
                    (false, true) => " class=\"played\"",
                    _ => "",
                };
                let _ = write!(
                    h,
                    "<tr{class}><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.1}%</td><td>{:.0}</td><td>{:.1}%</td><td>{:.0}</td><td>{}</td></tr>",
                    esc(&name),
                    c.shanten.map(|s| s.to_string()).unwrap_or_default(),
                    100.0 * c.tenpai,
                    100.0 * c.win,
                    c.score,
                    100.0 * c.danger,
                    c.loss,
                    Shown(c.value)
                );
            }
            h.push_str("</table>");
        }
        h.push_str("</section>\n");
    }
    h.push_str("</body></html>\n");
    h
}
