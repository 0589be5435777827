//! Sixteen byte lanes as one value: the few operations the distance vectors ([`crate::vector`])
//! and the advice's lane bits are made of.
//!
//! On x86-64 they are SSE2 instructions (every x86-64 CPU has them), reached through `safe_arch`,
//! which wraps each intrinsic in a safe function, so this crate keeps no `unsafe`. Elsewhere the
//! same operations run byte-parallel on one `u128`. The tests check both against plain loops over
//! the lanes, on every platform.
//!
//! Every lane value stays below 128 (a distance is at most `INF + INF`): the portable version
//! needs it (no byte carries into or borrows from the next) and the SSE2 compares are signed.

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
pub(crate) use portable::{Lanes, rows_covering, rows_meeting};
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) use sse2::{Lanes, rows_covering, rows_meeting};

/// One bit per lane: bit `i` for lane `i`.
pub(crate) type LaneBits = u16;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use super::LaneBits;
    use safe_arch::*;

    /// Sixteen byte lanes in one SSE2 register.
    #[derive(Clone, Copy)]
    pub(crate) struct Lanes(m128i);

    impl Lanes {
        #[inline(always)]
        pub(crate) fn load(v: &[u8; 16]) -> Lanes {
            Lanes(load_unaligned_m128i(v))
        }

        #[inline(always)]
        pub(crate) fn to_array(self) -> [u8; 16] {
            self.0.into()
        }

        #[inline(always)]
        pub(crate) fn splat(x: u8) -> Lanes {
            Lanes(set_splat_i8_m128i(x as i8))
        }

        /// Lane `I` in every lane.
        #[inline(always)]
        pub(crate) fn broadcast<const I: usize>(self) -> Lanes {
            // Each byte doubled, then each 16-bit pair doubled: four copies of lane I in the 32-bit
            // word I % 4 (of the low or high half), which a dword shuffle spreads.
            let x = if I < 8 { unpack_low_i8_m128i(self.0, self.0) } else { unpack_high_i8_m128i(self.0, self.0) };
            let x = if I % 8 < 4 { unpack_low_i16_m128i(x, x) } else { unpack_high_i16_m128i(x, x) };
            Lanes(match I % 4 {
                0 => shuffle_ai_f32_all_m128i::<0b00_00_00_00>(x),
                1 => shuffle_ai_f32_all_m128i::<0b01_01_01_01>(x),
                2 => shuffle_ai_f32_all_m128i::<0b10_10_10_10>(x),
                _ => shuffle_ai_f32_all_m128i::<0b11_11_11_11>(x),
            })
        }

        /// Lane-wise sum.
        #[inline(always)]
        pub(crate) fn add(self, other: Lanes) -> Lanes {
            Lanes(add_i8_m128i(self.0, other.0))
        }

        /// Lane-wise minimum.
        #[inline(always)]
        pub(crate) fn min(self, other: Lanes) -> Lanes {
            Lanes(min_u8_m128i(self.0, other.0))
        }

        /// Lane-wise bitwise or.
        #[inline(always)]
        pub(crate) fn or(self, other: Lanes) -> Lanes {
            Lanes(bitor_m128i(self.0, other.0))
        }

        /// Lane-wise bitwise and.
        #[inline(always)]
        pub(crate) fn and(self, other: Lanes) -> Lanes {
            Lanes(bitand_m128i(self.0, other.0))
        }

        /// All ones in the lanes whose bit is set, zero in the others.
        #[inline(always)]
        pub(crate) fn from_bits(bits: LaneBits) -> Lanes {
            // The two bytes of `bits` spread to the low and the high eight lanes, then each lane
            // tested against its own bit.
            const EACH: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
            let x = set_i32_m128i_s(i32::from(bits));
            let x = unpack_low_i8_m128i(x, x);
            let x = unpack_low_i16_m128i(x, x);
            let x = unpack_low_i32_m128i(x, x);
            let each = load_unaligned_m128i(&EACH);
            Lanes(cmp_eq_mask_i8_m128i(bitand_m128i(x, each), each))
        }

        /// The sum of the lanes.
        #[inline(always)]
        pub(crate) fn sum(self) -> u32 {
            let halves = sum_of_u8_abs_diff_m128i(self.0, zeroed_m128i());
            let both = add_i64_m128i(halves, shuffle_ai_f32_all_m128i::<0b01_00_11_10>(halves));
            get_i32_from_m128i_s(both) as u32
        }

        /// The lanes where `self` is below `other`.
        #[inline(always)]
        pub(crate) fn below(self, other: Lanes) -> LaneBits {
            move_mask_i8_m128i(cmp_lt_mask_i8_m128i(self.0, other.0)) as LaneBits
        }

        /// The lanes where `self` equals `other`.
        #[inline(always)]
        pub(crate) fn equal(self, other: Lanes) -> LaneBits {
            move_mask_i8_m128i(cmp_eq_mask_i8_m128i(self.0, other.0)) as LaneBits
        }

        /// Lane `i` takes lane `i − K`; the lanes below `K` are zero.
        #[inline(always)]
        pub(crate) fn shift_up<const K: i32>(self) -> Lanes {
            Lanes(byte_shl_imm_u128_m128i::<K>(self.0))
        }

        /// Lane `i` takes lane `i + K`; the lanes from `16 − K` are zero.
        #[inline(always)]
        pub(crate) fn shift_down<const K: i32>(self) -> Lanes {
            Lanes(byte_shr_imm_u128_m128i::<K>(self.0))
        }

        /// Within each half of eight lanes, lane `i` takes lane `i + k` of its half (`k` < 8); the
        /// lanes past the half's end are zero.
        #[inline(always)]
        pub(crate) fn halves_down(self, k: u32) -> Lanes {
            Lanes(shr_all_u64_m128i(self.0, set_i64_m128i_s(8 * k as i64)))
        }

        /// Lane `i` takes lane `15 − i`.
        #[inline(always)]
        pub(crate) fn reverse(self) -> Lanes {
            // Bytes swapped within each 16-bit word, then the eight words reversed.
            let x = bitor_m128i(shl_imm_u16_m128i::<8>(self.0), shr_imm_u16_m128i::<8>(self.0));
            let x = shuffle_ai_i16_l64all_m128i::<0b00_01_10_11>(x);
            let x = shuffle_ai_i16_h64all_m128i::<0b00_01_10_11>(x);
            Lanes(shuffle_ai_f32_all_m128i::<0b01_00_11_10>(x))
        }

        /// The smallest lane.
        #[inline(always)]
        pub(crate) fn min_lane(self) -> u8 {
            let x = self.min(self.shift_down::<8>());
            let x = x.min(x.shift_down::<4>());
            let x = x.min(x.shift_down::<2>());
            let x = x.min(x.shift_down::<1>());
            get_i32_from_m128i_s(x.0) as u8
        }
    }

    /// The two halves of sixteen rows of lane bits, eight rows each.
    #[inline(always)]
    fn row_halves(rows: &[u16; 16]) -> (m128i, m128i) {
        let first: [u16; 8] = [rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7]];
        let last: [u16; 8] = [rows[8], rows[9], rows[10], rows[11], rows[12], rows[13], rows[14], rows[15]];
        (m128i::from(first), m128i::from(last))
    }

    /// The rows sharing a lane with `lanes`: bit `r` set when `rows[r] & lanes != 0`.
    #[inline(always)]
    pub(crate) fn rows_meeting(rows: &[u16; 16], lanes: LaneBits) -> u16 {
        let (a, b) = row_halves(rows);
        let l = set_splat_i16_m128i(lanes as i16);
        let zero = zeroed_m128i();
        let none = pack_i16_to_i8_m128i(
            cmp_eq_mask_i16_m128i(bitand_m128i(a, l), zero),
            cmp_eq_mask_i16_m128i(bitand_m128i(b, l), zero),
        );
        !(move_mask_i8_m128i(none) as u16)
    }

    /// The rows holding every lane of `lanes`: bit `r` set when `rows[r] & lanes == lanes`.
    #[inline(always)]
    pub(crate) fn rows_covering(rows: &[u16; 16], lanes: LaneBits) -> u16 {
        let (a, b) = row_halves(rows);
        let l = set_splat_i16_m128i(lanes as i16);
        let all = pack_i16_to_i8_m128i(
            cmp_eq_mask_i16_m128i(bitand_m128i(a, l), l),
            cmp_eq_mask_i16_m128i(bitand_m128i(b, l), l),
        );
        move_mask_i8_m128i(all) as u16
    }
}

#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod portable {
    use super::LaneBits;

    const LOW: u128 = u128::from_le_bytes([1; 16]);
    const HIGH: u128 = u128::from_le_bytes([0x80; 16]);
    const SEVEN: u128 = u128::from_le_bytes([0x7f; 16]);

    /// Sixteen byte lanes in one `u128`, little-endian (lane 0 is the low byte).
    #[derive(Clone, Copy)]
    pub(crate) struct Lanes(u128);

    /// Flags at bit 7 of each byte as one bit per lane.
    #[inline(always)]
    fn flag_bits(mask: u128) -> LaneBits {
        // One multiply gathers a word's eight flags into its top byte.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let half = |w: u64| ((w >> 7).wrapping_mul(GATHER) >> 56) as u16;
        half(mask as u64) | half((mask >> 64) as u64) << 8
    }

    /// Lanes of `x` that are zero (exact for any byte values).
    #[inline(always)]
    fn zero_bits(x: u128) -> LaneBits {
        // The top bit of (low seven bits + 0x7f) | x is clear only for a zero byte.
        flag_bits(!(((x & SEVEN) + SEVEN) | x | SEVEN))
    }

    impl Lanes {
        #[inline(always)]
        pub(crate) fn load(v: &[u8; 16]) -> Lanes {
            Lanes(u128::from_le_bytes(*v))
        }

        #[inline(always)]
        pub(crate) fn to_array(self) -> [u8; 16] {
            self.0.to_le_bytes()
        }

        #[inline(always)]
        pub(crate) fn splat(x: u8) -> Lanes {
            Lanes(LOW * x as u128)
        }

        /// Lane `I` in every lane.
        #[inline(always)]
        pub(crate) fn broadcast<const I: usize>(self) -> Lanes {
            Lanes(LOW * (self.0 >> (8 * (I % 16)) & 0xff))
        }

        /// Lane-wise sum (no lane carries: both below 128).
        #[inline(always)]
        pub(crate) fn add(self, other: Lanes) -> Lanes {
            Lanes(self.0.wrapping_add(other.0))
        }

        /// Lane-wise minimum.
        #[inline(always)]
        pub(crate) fn min(self, other: Lanes) -> Lanes {
            let (x, y) = (self.0, other.0);
            // Per byte 128 + y − x: its top bit is set exactly when y ≥ x; spread it over the byte.
            let y_ge_x = ((y | HIGH) - x) & HIGH;
            let take_x = y_ge_x | (y_ge_x - (y_ge_x >> 7));
            Lanes(y ^ ((x ^ y) & take_x))
        }

        /// Lane-wise bitwise or.
        #[inline(always)]
        pub(crate) fn or(self, other: Lanes) -> Lanes {
            Lanes(self.0 | other.0)
        }

        /// Lane-wise bitwise and.
        #[inline(always)]
        pub(crate) fn and(self, other: Lanes) -> Lanes {
            Lanes(self.0 & other.0)
        }

        /// All ones in the lanes whose bit is set, zero in the others.
        #[inline(always)]
        pub(crate) fn from_bits(bits: LaneBits) -> Lanes {
            Lanes((0..16).filter(|i| bits >> i & 1 != 0).fold(0, |x, i| x | 0xff << (8 * i)))
        }

        /// The sum of the lanes.
        #[inline(always)]
        pub(crate) fn sum(self) -> u32 {
            self.0.to_le_bytes().iter().map(|&x| u32::from(x)).sum()
        }

        /// The lanes where `self` is below `other`.
        #[inline(always)]
        pub(crate) fn below(self, other: Lanes) -> LaneBits {
            // Per lane 128 + a − b: below 128 exactly when a < b.
            flag_bits(!((self.0 | HIGH) - other.0) & HIGH)
        }

        /// The lanes where `self` equals `other`.
        #[inline(always)]
        pub(crate) fn equal(self, other: Lanes) -> LaneBits {
            zero_bits(self.0 ^ other.0)
        }

        /// Lane `i` takes lane `i − K`; the lanes below `K` are zero.
        #[inline(always)]
        pub(crate) fn shift_up<const K: i32>(self) -> Lanes {
            Lanes(self.0 << (8 * K as u32))
        }

        /// Lane `i` takes lane `i + K`; the lanes from `16 − K` are zero.
        #[inline(always)]
        pub(crate) fn shift_down<const K: i32>(self) -> Lanes {
            Lanes(self.0 >> (8 * K as u32))
        }

        /// Within each half of eight lanes, lane `i` takes lane `i + k` of its half (`k` < 8); the
        /// lanes past the half's end are zero.
        #[inline(always)]
        pub(crate) fn halves_down(self, k: u32) -> Lanes {
            let k = 8 * k;
            let (lo, hi) = ((self.0 as u64) >> k, ((self.0 >> 64) as u64) >> k);
            Lanes(((hi as u128) << 64) | lo as u128)
        }

        /// Lane `i` takes lane `15 − i`.
        #[inline(always)]
        pub(crate) fn reverse(self) -> Lanes {
            Lanes(self.0.swap_bytes())
        }

        /// The smallest lane.
        #[inline(always)]
        pub(crate) fn min_lane(self) -> u8 {
            let x = self.min(self.shift_down::<8>());
            let x = x.min(x.shift_down::<4>());
            let x = x.min(x.shift_down::<2>());
            let x = x.min(x.shift_down::<1>());
            x.0 as u8
        }
    }

    /// The rows sharing a lane with `lanes`: bit `r` set when `rows[r] & lanes != 0`.
    #[inline(always)]
    pub(crate) fn rows_meeting(rows: &[u16; 16], lanes: LaneBits) -> u16 {
        rows.iter().enumerate().fold(0, |out, (r, &row)| out | u16::from(row & lanes != 0) << r)
    }

    /// The rows holding every lane of `lanes`: bit `r` set when `rows[r] & lanes == lanes`.
    #[inline(always)]
    pub(crate) fn rows_covering(rows: &[u16; 16], lanes: LaneBits) -> u16 {
        rows.iter().enumerate().fold(0, |out, (r, &row)| out | u16::from(row & lanes == lanes) << r)
    }
}

#[cfg(test)]
mod tests {
    /// A seeded generator of small values.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: u64) -> u8 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n) as u8
        }

        fn lanes(&mut self) -> [u8; 16] {
            std::array::from_fn(|_| self.below(64))
        }
    }

    /// One check per operation against a plain loop over the lanes, for either implementation.
    macro_rules! matches_plain_loops {
        ($name:ident, $module:path) => {
            #[test]
            fn $name() {
                use imp::Lanes;
                use $module as imp;
                let mut rng = Lcg(3);
                for _ in 0..3000 {
                    let (a, b) = (rng.lanes(), rng.lanes());
                    let (x, y) = (Lanes::load(&a), Lanes::load(&b));
                    let k = rng.below(8) as u32;
                    assert_eq!(x.to_array(), a);
                    assert_eq!(Lanes::splat(a[0]).to_array(), [a[0]; 16]);
                    assert_eq!(x.broadcast::<0>().to_array(), [a[0]; 16]);
                    assert_eq!(x.broadcast::<5>().to_array(), [a[5]; 16]);
                    assert_eq!(x.broadcast::<10>().to_array(), [a[10]; 16]);
                    assert_eq!(x.broadcast::<15>().to_array(), [a[15]; 16]);
                    assert_eq!(x.add(y).to_array(), std::array::from_fn(|i| a[i] + b[i]));
                    assert_eq!(x.min(y).to_array(), std::array::from_fn(|i| a[i].min(b[i])));
                    assert_eq!(x.or(y).to_array(), std::array::from_fn(|i| a[i] | b[i]));
                    assert_eq!(x.and(y).to_array(), std::array::from_fn(|i| a[i] & b[i]));
                    let set = u16::from_le_bytes([a[1], b[2]]) ^ u16::from(a[3]) << 6;
                    let spread = |i: usize| if set >> i & 1 != 0 { 0xff } else { 0 };
                    assert_eq!(Lanes::from_bits(set).to_array(), std::array::from_fn(spread));
                    assert_eq!(x.sum(), a.iter().map(|&v| u32::from(v)).sum::<u32>());
                    let bits = |f: &dyn Fn(usize) -> bool| (0..16).filter(|&i| f(i)).fold(0u16, |m, i| m | 1 << i);
                    assert_eq!(x.below(y), bits(&|i| a[i] < b[i]));
                    assert_eq!(x.equal(y), bits(&|i| a[i] == b[i]));
                    // At least one equal lane, whatever the draw.
                    let mut c = b;
                    c[5] = a[5];
                    assert_eq!(x.equal(Lanes::load(&c)) >> 5 & 1, 1);
                    assert_eq!(
                        x.shift_up::<3>().to_array(),
                        std::array::from_fn(|i| if i >= 3 { a[i - 3] } else { 0 })
                    );
                    assert_eq!(
                        x.shift_down::<9>().to_array(),
                        std::array::from_fn(|i| if i + 9 < 16 { a[i + 9] } else { 0 })
                    );
                    let half = |i: usize| if i % 8 + (k as usize) < 8 { a[i + k as usize] } else { 0 };
                    assert_eq!(x.halves_down(k).to_array(), std::array::from_fn(half));
                    assert_eq!(x.reverse().to_array(), std::array::from_fn(|i| a[15 - i]));
                    assert_eq!(x.min_lane(), *a.iter().min().unwrap_or(&0));
                    let rows: [u16; 16] =
                        std::array::from_fn(|i| u16::from_le_bytes([a[i], b[i]]) ^ (a[i] as u16) << 10);
                    // Lanes from one row, so that some rows cover them.
                    let lanes = rows[k as usize] & (u16::from(b[0]) << 3 | u16::from(b[1]));
                    let meeting = (0..16).filter(|&r| rows[r] & lanes != 0).fold(0, |m, r| m | 1 << r);
                    let covering = (0..16).filter(|&r| rows[r] & lanes == lanes).fold(0, |m, r| m | 1 << r);
                    assert_eq!(imp::rows_meeting(&rows, lanes), meeting);
                    assert_eq!(imp::rows_covering(&rows, lanes), covering);
                    assert_ne!(covering, 0);
                }
            }
        };
    }

    matches_plain_loops!(portable_matches_plain_loops, super::portable);
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    matches_plain_loops!(sse2_matches_plain_loops, super::sse2);
}
