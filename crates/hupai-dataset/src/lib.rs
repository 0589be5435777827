//! Training data from game logs: every decision of a corpus of logs (mjai, tenhou.net/6, mjlog,
//! 電脳麻将's paipu, as `hupai_game::formats` reads them) replayed through the engine and written
//! as columns, in the same fixed action table ([`action_table`]) and the same feature planes
//! ([`features`]) as the Python package's `Game` and `VecGame`, so a model trained on logs plays
//! there unchanged.
//!
//! [`read`] reads a list of files on every core into one [`Columns`]; a [`Reader`] does the same
//! read after read in memory it keeps, or into memory its caller owns ([`ColumnsMut`], say numpy's
//! arrays, through [`Reader::read_texts_into_slices_checked`]), so that reads after the first take
//! no fresh pages (whose zeroing by the kernel cost more than writing the planes); a read into
//! reused memory gives the same rows as a fresh one. [`Stream`] reads a corpus larger than memory
//! a few files at a time, in an order shuffled with a seed, into batches of a fixed size, new
//! ([`Stream::next_batch`]) or written into the same memory each time ([`Stream::fill`],
//! [`Stream::next_batch_into`]); [`npz`] writes columns as a numpy `.npz` archive (the command
//! line's door). A log
//! that cannot be read or replayed is skipped whole and reported as a [`Damaged`] (file, game,
//! hand, event and why): never a crash, never a silent drop.

pub mod action_table;
pub mod features;
mod masks;
pub mod npz;
mod reader;
mod stream;
mod streaming;

pub use features::plane_scales;
pub use reader::{Columns, ColumnsMut, Damaged, Filled, Options, OutError, Planes, Reader, Source, read, read_texts};
pub use stream::Stream;
