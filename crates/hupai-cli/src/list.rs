//! `hupai algorithms`: every registered algorithm and its capabilities, as a table or JSON lines.

use std::io::{self, Write};

use clap::Args;
use hupai_tiles::Algorithm;
use serde::Serialize;

use crate::json;

/// Arguments of `hupai algorithms`.
#[derive(Debug, Clone, Args)]
pub(crate) struct ListArgs {
    /// One JSON object per algorithm per line.
    #[arg(long)]
    pub(crate) json: bool,
}

/// One algorithm's row; the field names are part of the CLI's contract.
#[derive(Debug, Serialize)]
struct Row {
    name: &'static str,
    wildcards: bool,
    max_wildcards: u8,
    seven_pairs: bool,
    thirteen_orphans: bool,
    declared_melds: bool,
    seventeen_tiles: bool,
    decompositions: bool,
    wildcard_fifth_copy: bool,
    pair_258: bool,
    void_suit: bool,
    tile_supply: bool,
    knitted: bool,
}

impl Row {
    fn of(a: &dyn Algorithm) -> Row {
        let c = a.capabilities();
        Row {
            name: a.name(),
            wildcards: c.wildcards,
            max_wildcards: if c.wildcards { c.max_wildcards } else { 0 },
            seven_pairs: c.seven_pairs,
            thirteen_orphans: c.thirteen_orphans,
            declared_melds: c.declared_melds,
            seventeen_tiles: c.seventeen_tiles,
            decompositions: c.decompositions,
            wildcard_fifth_copy: c.wildcard_fifth_copy,
            pair_258: c.pair_258,
            void_suit: c.void_suit,
            tile_supply: c.tile_supply,
            knitted: c.knitted,
        }
    }
}

/// Prints the registry, fastest first.
pub(crate) fn run(args: &ListArgs, out: &mut impl Write) -> io::Result<()> {
    let rows: Vec<Row> = hupai_harness::algorithms().iter().map(|a| Row::of(*a)).collect();
    if args.json {
        for row in &rows {
            out.write_all(&json::line(row))?;
        }
        return out.flush();
    }
    let yes = |b: bool| if b { "yes" } else { "-" };
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0).max("algorithm".len());
    writeln!(
        out,
        "{:width$}  wildcards  5th copy  seven pairs  13 orphans  declared melds  17 tiles  decompositions  \
         2-5-8 pair  void suit  108/112 tiles  knitted",
        "algorithm"
    )?;
    for r in &rows {
        let wildcards = match (r.wildcards, r.max_wildcards) {
            (false, _) => "-".to_owned(),
            (true, u8::MAX) => "any".to_owned(),
            (true, n) => format!("up to {n}"),
        };
        writeln!(
            out,
            "{:width$}  {wildcards:9}  {:8}  {:11}  {:10}  {:14}  {:8}  {:14}  {:10}  {:9}  {:13}  {}",
            r.name,
            yes(r.wildcard_fifth_copy),
            yes(r.seven_pairs),
            yes(r.thirteen_orphans),
            yes(r.declared_melds),
            yes(r.seventeen_tiles),
            yes(r.decompositions),
            yes(r.pair_258),
            yes(r.void_suit),
            yes(r.tile_supply),
            yes(r.knitted),
        )?;
    }
    writeln!(out, "\nFastest first; without --algorithm, each hand goes to the first that supports it.")?;
    writeln!(
        out,
        "108/112 tiles: wildcards under a tile set without every kind (without wildcards any algorithm answers)."
    )?;
    out.flush()
}
