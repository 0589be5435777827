//! Tenhou's own shuffle: MT19937 seeded from a log's `SHUFFLE` seed, SHA-512 over its output,
//! one wall and two dice per hand (the algorithm Tenhou published with validation data).
//!
//! The seed (`mt19937ar-sha512-n288-base64,…`) is 2,496 bytes of base64: 624 little-endian
//! 32-bit words given to MT19937's `init_by_array`. For each hand the generator gives 288 words;
//! their bytes (little-endian) are hashed with SHA-512 in nine blocks of 128 bytes, and the nine
//! digests, read as 144 little-endian words `rnd`, drive the shuffle: the tile ids in order, then
//! `swap(yama[i], yama[i + rnd[i] % (len - i)])` for each `i`, and the dice `rnd[135] % 6 + 1`,
//! `rnd[136] % 6 + 1`. Three players shuffle their 108 ids (2m–8m left out) the same way.

use sha2::digest::generic_array::GenericArray;

use crate::wall::{Wall, tile_ids};

/// What a `SHUFFLE` seed starts with.
pub const SEED_PREFIX: &str = "mt19937ar-sha512-n288-base64,";

/// The generator of a Tenhou game's walls, hand after hand.
#[derive(Clone, PartialEq, Eq)]
pub struct TenhouShuffle {
    mt: Mt19937,
}

impl std::fmt::Debug for TenhouShuffle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TenhouShuffle {{ index: {} }}", self.mt.index)
    }
}

impl TenhouShuffle {
    /// The generator of the walls of a log whose `SHUFFLE` seed is `seed`
    /// (`mt19937ar-sha512-n288-base64,…`; the base64 alone is accepted too).
    pub fn from_seed(seed: &str) -> Result<TenhouShuffle, String> {
        let text = seed.trim();
        let b64 = text.strip_prefix(SEED_PREFIX).unwrap_or(text);
        if b64.contains(',') {
            let kind = text.split(',').next().unwrap_or("");
            return Err(format!("seed of kind '{kind}': only '{}' seeds are Tenhou's shuffle", &SEED_PREFIX[..28]));
        }
        let mut bytes = [0u8; 624 * 4];
        if !base64_decode_exact(b64.as_bytes(), &mut bytes) {
            // Whitespace, padding or a wrong length or letter: the general decoder says which.
            let general = base64_decode(b64)?;
            if general.len() != bytes.len() {
                return Err(format!("the seed holds {} bytes; Tenhou's holds 2496 (624 words)", general.len()));
            }
            bytes.copy_from_slice(&general);
        }
        let mut key = [0u32; 624];
        for (word, c) in key.iter_mut().zip(bytes.chunks_exact(4)) {
            *word = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        Ok(TenhouShuffle { mt: Mt19937::by_array(&key) })
    }

    /// The 144 random words of the next hand.
    fn next_rnd(&mut self) -> [u32; 144] {
        let mut src = [0u8; 288 * 4];
        for chunk in src.chunks_exact_mut(4) {
            chunk.copy_from_slice(&self.mt.next_u32().to_le_bytes());
        }
        let mut rnd = [0u32; 144];
        for (block, out) in src.chunks_exact(128).zip(rnd.chunks_exact_mut(16)) {
            let digest = sha512_of_block(block);
            for (pair, word) in out.chunks_exact_mut(2).zip(digest) {
                // The digest's bytes are its words big-endian; `rnd` reads them as
                // little-endian 32-bit words.
                let bytes = word.to_be_bytes();
                pair[0] = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
                pair[1] = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
            }
        }
        rnd
    }

    /// The next hand's wall and dice.
    pub fn next_wall(&mut self, players: u8) -> Wall {
        let rnd = self.next_rnd();
        let mut yama = [crate::pai::PaiId(0); 136];
        let mut len = 0usize;
        for id in tile_ids(players) {
            yama[len] = id;
            len += 1;
        }
        for (i, r) in rnd.iter().enumerate().take(len - 1) {
            let j = i + (r % (len - i) as u32) as usize;
            yama.swap(i, j);
        }
        let dice = [(rnd[135] % 6 + 1) as u8, (rnd[136] % 6 + 1) as u8];
        Wall { yama, len: len as u8, dice }
    }
}

/// SHA-512's initial state.
const SHA512_IV: [u64; 8] = [
    0x6a09_e667_f3bc_c908,
    0xbb67_ae85_84ca_a73b,
    0x3c6e_f372_fe94_f82b,
    0xa54f_f53a_5f1d_36f1,
    0x510e_527f_ade6_82d1,
    0x9b05_688c_2b3e_6c1f,
    0x1f83_d9ab_fb41_bd6b,
    0x5be0_cd19_137e_2179,
];

/// The SHA-512 digest (as its eight words) of one 128-byte block: the block and its padding
/// (one bit, zeros, the length 1,024 bits) compressed in one call, which lets the vectorised
/// compression work on both at once instead of one after the other as a streaming digest does.
fn sha512_of_block(block: &[u8]) -> [u64; 8] {
    let mut padding = [0u8; 128];
    padding[0] = 0x80;
    padding[126..].copy_from_slice(&1024u16.to_be_bytes());
    let blocks = [GenericArray::clone_from_slice(block), GenericArray::clone_from_slice(&padding)];
    let mut state = SHA512_IV;
    sha2::compress512(&mut state, &blocks);
    state
}

/// MT19937 (Matsumoto and Nishimura 1998), 32-bit, as `mt19937ar.c` defines it.
#[derive(Clone, PartialEq, Eq)]
struct Mt19937 {
    state: [u32; 624],
    index: usize,
}

impl Mt19937 {
    fn new(seed: u32) -> Mt19937 {
        let mut state = [0u32; 624];
        state[0] = seed;
        for i in 1..624 {
            state[i] = 1_812_433_253u32.wrapping_mul(state[i - 1] ^ (state[i - 1] >> 30)).wrapping_add(i as u32);
        }
        Mt19937 { state, index: 624 }
    }

    /// `init_by_array`.
    fn by_array(key: &[u32]) -> Mt19937 {
        let mut mt = Mt19937::new(19_650_218);
        let s = &mut mt.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..624.max(key.len()) {
            s[i] = (s[i] ^ (s[i - 1] ^ (s[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= 624 {
                s[0] = s[623];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..623 {
            s[i] = (s[i] ^ (s[i - 1] ^ (s[i - 1] >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= 624 {
                s[0] = s[623];
                i = 1;
            }
        }
        s[0] = 0x8000_0000;
        mt
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            // mt19937ar.c's three loops: no index wraps around inside them.
            let twist = |upper: u32, lower: u32, far: u32| {
                let y = (upper & 0x8000_0000) | (lower & 0x7fff_ffff);
                far ^ (y >> 1) ^ if y & 1 == 1 { 0x9908_b0df } else { 0 }
            };
            let s = &mut self.state;
            for k in 0..227 {
                s[k] = twist(s[k], s[k + 1], s[k + 397]);
            }
            for k in 227..623 {
                s[k] = twist(s[k], s[k + 1], s[k - 227]);
            }
            s[623] = twist(s[623], s[0], s[396]);
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }
}

/// The value of each base64 letter (`+/` alphabet), 255 for any other byte.
const BASE64_VALUES: [u8; 256] = {
    let mut values = [255u8; 256];
    let letters = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut i = 0;
    while i < 64 {
        values[letters[i] as usize] = i as u8;
        i += 1;
    }
    values
};

/// Decodes `text`, letters only (no padding, no whitespace), of exactly the length that fills
/// `out` (a multiple of 3 bytes), four letters to three bytes at a time; false if it is not
/// such a text (the general decoder then reads it, or says what is wrong).
fn base64_decode_exact(text: &[u8], out: &mut [u8]) -> bool {
    if !out.len().is_multiple_of(3) || text.len() != out.len() / 3 * 4 {
        return false;
    }
    let mut bad = 0u8;
    for (letters, bytes) in text.chunks_exact(4).zip(out.chunks_exact_mut(3)) {
        let v = [0, 1, 2, 3].map(|i| BASE64_VALUES[usize::from(letters[i])]);
        bad |= v[0] | v[1] | v[2] | v[3];
        let n = u32::from(v[0]) << 18 | u32::from(v[1]) << 12 | u32::from(v[2]) << 6 | u32::from(v[3]);
        bytes.copy_from_slice(&n.to_be_bytes()[1..]);
    }
    // A letter's value is below 64: a byte that is no letter (255) sets the high bits.
    bad < 64
}

/// Standard base64 (`+/`, `=` padding optional; whitespace skipped).
fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for (i, c) in text.bytes().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            b' ' | b'\n' | b'\r' | b'\t' => continue,
            _ => return Err(format!("the seed is not base64: '{}' at character {i}", char::from(c))),
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mt19937_matches_its_reference_output() {
        // mt19937ar.c's own test: init_by_array({0x123, 0x234, 0x345, 0x456}), first outputs.
        let mut mt = Mt19937::by_array(&[0x123, 0x234, 0x345, 0x456]);
        let first: Vec<u32> = (0..5).map(|_| mt.next_u32()).collect();
        assert_eq!(first, [1067595299, 955945823, 477289528, 4107218783, 4228976476]);
    }

    #[test]
    fn one_block_digest_is_sha512() {
        use sha2::{Digest, Sha512};
        let block: Vec<u8> = (0..128u32).map(|i| (i * 37 + 11) as u8).collect();
        let words = sha512_of_block(&block);
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
        assert_eq!(bytes, Sha512::digest(&block).to_vec());
    }

    #[test]
    fn base64_of_exact_length_reads_as_the_general_decoder() {
        let bytes: Vec<u8> = (0..2496u32).map(|i| (i * 131 + 7) as u8).collect();
        const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut text = String::new();
        for c in bytes.chunks(3) {
            let n = u32::from(c[0]) << 16 | u32::from(c[1]) << 8 | u32::from(c[2]);
            for shift in [18, 12, 6, 0] {
                text.push(char::from(LETTERS[(n >> shift & 63) as usize]));
            }
        }
        let mut out = [0u8; 2496];
        assert!(base64_decode_exact(text.as_bytes(), &mut out));
        assert_eq!(out.to_vec(), bytes);
        assert_eq!(base64_decode(&text).unwrap(), bytes);
        let mut bad = text.clone().into_bytes();
        bad[1000] = b'!';
        assert!(!base64_decode_exact(&bad, &mut out));
        assert!(!base64_decode_exact(&text.as_bytes()[4..], &mut out));
        let spaced = format!("{} {}", &text[..100], &text[100..]);
        assert_eq!(TenhouShuffle::from_seed(&spaced).unwrap(), TenhouShuffle::from_seed(&text).unwrap());
    }

    #[test]
    fn base64_reads_and_refuses() {
        assert_eq!(base64_decode("TWFu").unwrap(), b"Man");
        assert_eq!(base64_decode("TWE=").unwrap(), b"Ma");
        assert!(base64_decode("TW!u").unwrap_err().contains("'!'"));
        assert!(TenhouShuffle::from_seed("mt19937ar-sha512-n288-base64,TWFu").unwrap_err().contains("2496"));
        assert!(TenhouShuffle::from_seed("lcg,1234").is_err());
    }
}
