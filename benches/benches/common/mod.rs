//! What the per-hand benches share: a criterion measurement on the thread's CPU clock, the
//! settings that keep a full run to a few minutes, and the round-robin per-hand loop.

use std::hint::black_box;
use std::time::Duration;

use cpu_time::ThreadTime;
use criterion::Criterion;
use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// Criterion's measurement on the calling thread's CPU clock instead of the wall clock: on a
/// shared machine the time other processes take the core away is not charged to the hands. The
/// benches answer on one thread, so nothing is missed. Values are nanoseconds, formatted like
/// wall time.
pub(crate) struct CpuTime;

/// Criterion's duration formatter, borrowed from its wall-time measurement.
static NANOSECONDS: WallTime = WallTime;

impl Measurement for CpuTime {
    type Intermediate = ThreadTime;
    type Value = Duration;

    fn start(&self) -> ThreadTime {
        ThreadTime::now()
    }

    fn end(&self, start: ThreadTime) -> Duration {
        start.elapsed()
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        NANOSECONDS.formatter()
    }
}

/// Small samples and short measurements: the whole `algorithms` bench in a few minutes on a
/// shared 2-core machine, with means stable to a few percent.
pub(crate) fn config() -> Criterion<CpuTime> {
    Criterion::default()
        .with_measurement(CpuTime)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1200))
        .noise_threshold(0.05)
}

/// Times `op` per item, taking the items round-robin: one criterion iteration is one item, so the
/// reported time is the mean over the corpus (its length must be a power of two).
pub(crate) fn per_hand<T, R, M: Measurement>(
    b: &mut criterion::Bencher<'_, M>,
    items: &[T],
    mut op: impl FnMut(&T) -> R,
) {
    assert!(items.len().is_power_of_two());
    let mask = items.len() - 1;
    let mut i = 0usize;
    b.iter(|| {
        let item = &items[i & mask];
        i = i.wrapping_add(1);
        op(black_box(item))
    });
}
