//! The bytes of a `grundy sg --store DIR` store: the manifest's text and the chunk files' bytes,
//! encoded and decoded with every check, and no file I/O (the `grundy` binary walks the
//! directory, locks it and writes the files atomically).
//!
//! A store is `DIR/manifest` and the chunk files `chunk-00000000.bin`, `chunk-00000001.bin`, ...
//!
//! - The manifest is text: `grundy-store 1`, `game GAME`, `chunk C` (values per chunk file), one
//!   a line, then `crc XXXXXXXX`, the CRC-32 of the three lines before it as eight lowercase hex digits.
//! - Chunk k holds G(k C .. k C + count) after a 32-byte header: the magic `GRUNDYC1`, the start
//!   k C and the count as little-endian u64, the CRC-32 of the start, count and value bytes, and
//!   the CRC of the manifest (so that a chunk of another store is told apart), both little-endian
//!   u32; then the values as little-endian u16. Only the last chunk may hold fewer than C.
//!
//! Checksums are CRC-32/IEEE (the CRC of zlib and PNG; `123456789` gives `cbf43926`). Decoding
//! never panics: every malformed byte sequence is a [`StoreFormatError`].

/// The first line of a manifest of this version of the format.
pub const MANIFEST_VERSION: &str = "grundy-store 1";

/// The prefix of the first line of any version's manifest.
const MANIFEST_FAMILY: &str = "grundy-store ";

/// The eight bytes a chunk file starts with.
pub const CHUNK_MAGIC: [u8; 8] = *b"GRUNDYC1";

/// The length of a chunk file's header, before the values.
pub const CHUNK_HEADER_LEN: usize = 32;

/// The longest game name a manifest holds (a game's name is its rules, at most a few hundred
/// characters for the longest octal codes; this only bounds what a damaged file can make us
/// read).
pub const MAX_GAME_LEN: usize = 4096;

/// Why the bytes of a manifest or a chunk file are not a valid part of a store. Its `Display`
/// is a phrase that follows the file's name ("manifest is empty", "chunk-00000003.bin fails its
/// checksum").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StoreFormatError {
    /// The manifest has no bytes.
    #[error("is empty")]
    EmptyManifest,
    /// The manifest's first line is not a `grundy-store` version line, or it is not UTF-8 text.
    #[error("is not a grundy store manifest")]
    NotAManifest,
    /// The manifest is of another version of the format (its first line is given).
    #[error("is of another store format ({:?}, this grundy reads {MANIFEST_VERSION:?})", found.chars().take(40).collect::<String>())]
    OtherVersion {
        /// The manifest's first line, e.g. `grundy-store 2`.
        found: String,
    },
    /// The manifest has no `crc` line or it is not eight hex digits.
    #[error("has no readable checksum line")]
    NoManifestChecksum,
    /// The manifest's text does not match its checksum.
    #[error("fails its checksum")]
    ManifestChecksum,
    /// The manifest passes its checksum but its lines are not `game GAME` and `chunk C`.
    #[error("does not give a game and a chunk length")]
    ManifestLines,
    /// A game name or chunk length that no manifest can hold (empty, multi-line, too long, or a
    /// chunk length of zero); only [`encode_manifest`] returns it.
    #[error("cannot hold this game name or chunk length")]
    BadManifestFields,
    /// The file is shorter than a chunk header.
    #[error("is truncated ({len} bytes, shorter than the {CHUNK_HEADER_LEN}-byte header)")]
    ShortHeader {
        /// The file's length in bytes.
        len: usize,
    },
    /// The file does not start with [`CHUNK_MAGIC`].
    #[error("is not a grundy chunk file")]
    BadMagic,
    /// The chunk carries another manifest's CRC: it was written for another store.
    #[error("belongs to another store")]
    OtherStore,
    /// The header's start or count is not what this position in the store holds.
    #[error("has a wrong range ({count} values from {start}; expected at most {chunk_len} from {expected_start})")]
    WrongRange {
        /// The start the header gives.
        start: u64,
        /// The count the header gives.
        count: u64,
        /// The start this chunk must have.
        expected_start: u64,
        /// The most values a chunk holds in this store.
        chunk_len: u64,
    },
    /// The file's length is not the header's plus two bytes per value.
    #[error("{} ({len} bytes, its header says {expected})", if (*len as u64) < *expected { "is truncated" } else { "has the wrong length" })]
    WrongLength {
        /// The file's length in bytes.
        len: usize,
        /// The length its header implies.
        expected: u64,
    },
    /// The header and values do not match the chunk's checksum.
    #[error("fails its checksum")]
    ChunkChecksum,
}

/// What a manifest says: the game whose values the store holds and the values per chunk file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The game, as `grundy` writes it (`octal:0.16`, `grundys-game`, ...).
    pub game: String,
    /// Values per chunk file (at least 1).
    pub chunk_len: u64,
    /// The CRC-32 of the manifest's text before its `crc` line; every chunk of the store carries
    /// it.
    pub crc: u32,
}

fn manifest_body(game: &str, chunk_len: u64) -> String {
    format!("{MANIFEST_VERSION}\ngame {game}\nchunk {chunk_len}\n")
}

fn valid_fields(game: &str, chunk_len: u64) -> bool {
    chunk_len > 0 && !game.is_empty() && game.len() <= MAX_GAME_LEN && !game.chars().any(char::is_control)
}

/// The text of the manifest of a store of `game` with `chunk_len` values per chunk file, and the
/// manifest it decodes to. Refuses a game name that is empty, too long or has control
/// characters (a line break would change the manifest's lines), and a chunk length of zero.
pub fn encode_manifest(game: &str, chunk_len: u64) -> Result<(String, Manifest), StoreFormatError> {
    if !valid_fields(game, chunk_len) {
        return Err(StoreFormatError::BadManifestFields);
    }
    let body = manifest_body(game, chunk_len);
    let crc = crc32fast::hash(body.as_bytes());
    let text = format!("{body}crc {crc:08x}\n");
    Ok((text, Manifest { game: game.to_string(), chunk_len, crc }))
}

/// Reads a manifest's bytes. Only the exact text [`encode_manifest`] writes is accepted (one
/// trailing line break on the `crc` line may be missing); anything else is an error that says
/// whether the file is empty, not a manifest, of another version, or damaged.
pub fn decode_manifest(bytes: &[u8]) -> Result<Manifest, StoreFormatError> {
    use StoreFormatError::*;
    if bytes.is_empty() {
        return Err(EmptyManifest);
    }
    let first_line = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    if !first_line.starts_with(MANIFEST_FAMILY.as_bytes()) {
        return Err(NotAManifest);
    }
    if first_line != MANIFEST_VERSION.as_bytes() {
        return Err(OtherVersion { found: String::from_utf8_lossy(first_line).into_owned() });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| NotAManifest)?;
    let (body, crc_text) = text.rsplit_once("crc ").ok_or(NoManifestChecksum)?;
    let crc_text = crc_text.strip_suffix('\n').unwrap_or(crc_text);
    if crc_text.len() != 8
        || !crc_text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        || !body.ends_with('\n')
    {
        return Err(NoManifestChecksum);
    }
    let crc = u32::from_str_radix(crc_text, 16).map_err(|_| NoManifestChecksum)?;
    if crc != crc32fast::hash(body.as_bytes()) {
        return Err(ManifestChecksum);
    }
    let mut lines = body.lines().skip(1);
    let game = lines.next().and_then(|l| l.strip_prefix("game ")).ok_or(ManifestLines)?;
    let chunk_len: u64 =
        lines.next().and_then(|l| l.strip_prefix("chunk ")).and_then(|c| c.parse().ok()).ok_or(ManifestLines)?;
    if lines.next().is_some() || !valid_fields(game, chunk_len) || body != manifest_body(game, chunk_len) {
        return Err(ManifestLines);
    }
    Ok(Manifest { game: game.to_string(), chunk_len, crc })
}

/// The file name of chunk `k`: `chunk-00000000.bin`, `chunk-00000001.bin`, ...
pub fn chunk_file_name(k: u64) -> String {
    format!("chunk-{k:08}.bin")
}

fn chunk_crc(start_and_count: &[u8], values: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(start_and_count);
    h.update(values);
    h.finalize()
}

/// The bytes of the chunk file holding `values` = G(start ..), for the store whose manifest has
/// the CRC `manifest_crc` ([`Manifest::crc`]).
pub fn encode_chunk(start: u64, values: &[u16], manifest_crc: u32) -> Vec<u8> {
    let mut range = [0u8; 16];
    let (start_bytes, count_bytes) = range.split_at_mut(8);
    start_bytes.copy_from_slice(&start.to_le_bytes());
    count_bytes.copy_from_slice(&(values.len() as u64).to_le_bytes());
    let payload: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let mut bytes = Vec::with_capacity(CHUNK_HEADER_LEN + payload.len());
    bytes.extend_from_slice(&CHUNK_MAGIC);
    bytes.extend_from_slice(&range);
    bytes.extend_from_slice(&chunk_crc(&range, &payload).to_le_bytes());
    bytes.extend_from_slice(&manifest_crc.to_le_bytes());
    bytes.extend_from_slice(&payload);
    bytes
}

/// What a chunk file must be, to be decoded: where it sits in its store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkSlot {
    /// The first value's index: k times the chunk length for chunk k.
    pub start: u64,
    /// The store's values per chunk file: the most this chunk may hold.
    pub chunk_len: u64,
    /// The CRC of the store's manifest, which the chunk must carry.
    pub manifest_crc: u32,
}

fn le_u64(bytes: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?))
}

fn le_u32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// Reads a chunk file's bytes: the values G(slot.start ..), from 1 to `slot.chunk_len` of them,
/// after checking the magic, that the chunk belongs to the store, its range, its length and its
/// checksum (in that order).
pub fn decode_chunk(bytes: &[u8], slot: ChunkSlot) -> Result<Vec<u16>, StoreFormatError> {
    use StoreFormatError::*;
    let (Some(header), Some(payload)) = (bytes.get(..CHUNK_HEADER_LEN), bytes.get(CHUNK_HEADER_LEN..)) else {
        return Err(if bytes.starts_with(&CHUNK_MAGIC) || CHUNK_MAGIC.starts_with(bytes) {
            ShortHeader { len: bytes.len() }
        } else {
            BadMagic
        });
    };
    if header.get(..8) != Some(&CHUNK_MAGIC[..]) {
        return Err(BadMagic);
    }
    let fields = (le_u64(header, 8), le_u64(header, 16), le_u32(header, 24), le_u32(header, 28));
    let (Some(start), Some(count), Some(crc), Some(manifest_crc)) = fields else {
        return Err(ShortHeader { len: bytes.len() });
    };
    if manifest_crc != slot.manifest_crc {
        return Err(OtherStore);
    }
    if start != slot.start || count == 0 || count > slot.chunk_len {
        return Err(WrongRange { start, count, expected_start: slot.start, chunk_len: slot.chunk_len });
    }
    let expected = count.checked_mul(2).and_then(|b| b.checked_add(CHUNK_HEADER_LEN as u64));
    if expected != Some(bytes.len() as u64) {
        return Err(WrongLength { len: bytes.len(), expected: expected.unwrap_or(u64::MAX) });
    }
    if crc != chunk_crc(header.get(8..24).unwrap_or_default(), payload) {
        return Err(ChunkChecksum);
    }
    Ok(payload.as_chunks::<2>().0.iter().map(|&b| u16::from_le_bytes(b)).collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test
mod tests {
    use super::*;

    #[test]
    fn crc_is_crc32_ieee() {
        // The check value of CRC-32/ISO-HDLC, the CRC of zlib and PNG.
        assert_eq!(crc32fast::hash(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32fast::hash(b""), 0);
    }

    /// A manifest and a chunk written by grundy before crc32fast (its own table-driven CRC-32),
    /// by `grundy sg octal:0.16 --upto 20 --chunk 8 --store DIR`: byte for byte what is written
    /// now, and they still load.
    const OLD_MANIFEST: &str = "grundy-store 1\ngame octal:0.16\nchunk 8\ncrc 2546ada6\n";
    const OLD_CHUNK_1: [u8; 48] = [
        0x47, 0x52, 0x55, 0x4e, 0x44, 0x59, 0x43, 0x31, 0x08, 0, 0, 0, 0, 0, 0, 0, 0x08, 0, 0, 0, 0, 0, 0, 0, 0x5a,
        0xbe, 0x77, 0x68, 0xa6, 0xad, 0x46, 0x25, 4, 0, 0, 0, 1, 0, 4, 0, 2, 0, 1, 0, 4, 0, 0, 0,
    ];
    const OLD_VALUES_1: [u16; 8] = [4, 0, 1, 4, 2, 1, 4, 0];

    fn slot(start: u64) -> ChunkSlot {
        ChunkSlot { start, chunk_len: 8, manifest_crc: 0x2546_ada6 }
    }

    #[test]
    fn stores_written_before_crc32fast_load_and_are_rewritten_identically() {
        let (text, manifest) = encode_manifest("octal:0.16", 8).unwrap();
        assert_eq!(text, OLD_MANIFEST);
        assert_eq!(manifest, Manifest { game: "octal:0.16".into(), chunk_len: 8, crc: 0x2546_ada6 });
        assert_eq!(decode_manifest(OLD_MANIFEST.as_bytes()).unwrap(), manifest);
        assert_eq!(encode_chunk(8, &OLD_VALUES_1, 0x2546_ada6), OLD_CHUNK_1);
        assert_eq!(decode_chunk(&OLD_CHUNK_1, slot(8)).unwrap(), OLD_VALUES_1);
        assert_eq!(chunk_file_name(1), "chunk-00000001.bin");
    }

    #[test]
    fn a_short_last_chunk_round_trips() {
        let values = [7, 300, 65535];
        let bytes = encode_chunk(16, &values, 0x2546_ada6);
        assert_eq!(bytes.len(), CHUNK_HEADER_LEN + 6);
        assert_eq!(decode_chunk(&bytes, slot(16)).unwrap(), values);
    }

    #[test]
    fn every_damaged_chunk_is_an_error() {
        use StoreFormatError::*;
        let good = OLD_CHUNK_1;
        // Every truncation.
        for len in 0..good.len() {
            let e = decode_chunk(&good[..len], slot(8)).unwrap_err();
            assert!(matches!(e, ShortHeader { .. } | WrongLength { .. }), "{len}: {e:?}");
            assert!(e.to_string().contains("truncated"), "{len}: {e}");
        }
        // Every flipped bit is caught (the two CRC fields included).
        for i in 0..good.len() {
            for bit in 0..8 {
                let mut bad = good;
                bad[i] ^= 1 << bit;
                assert!(decode_chunk(&bad, slot(8)).is_err(), "byte {i} bit {bit}");
            }
        }
        let mut bad = good;
        bad[40] ^= 1;
        assert_eq!(decode_chunk(&bad, slot(8)), Err(ChunkChecksum));
        bad = good;
        bad[0] = b'X';
        assert_eq!(decode_chunk(&bad, slot(8)), Err(BadMagic));
        assert_eq!(decode_chunk(b"PNG and more bytes than a header holds", slot(8)), Err(BadMagic));
        // Another store's chunk, the wrong place, too long.
        let other = ChunkSlot { manifest_crc: 1, ..slot(8) };
        assert_eq!(decode_chunk(&good, other), Err(OtherStore));
        assert!(matches!(decode_chunk(&good, slot(16)), Err(WrongRange { start: 8, expected_start: 16, .. })));
        let smaller = ChunkSlot { chunk_len: 4, ..slot(8) };
        assert!(matches!(decode_chunk(&good, smaller), Err(WrongRange { count: 8, .. })));
        let mut long = good.to_vec();
        long.push(0);
        assert!(matches!(decode_chunk(&long, slot(8)), Err(WrongLength { len: 49, expected: 48 })));
        // A huge count overflows nothing.
        let mut huge = good;
        huge[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
        let any = ChunkSlot { chunk_len: u64::MAX, ..slot(8) };
        assert!(matches!(decode_chunk(&huge, any), Err(WrongLength { .. })));
    }

    #[test]
    fn every_damaged_manifest_is_an_error() {
        use StoreFormatError::*;
        let good = OLD_MANIFEST.as_bytes();
        assert_eq!(decode_manifest(b""), Err(EmptyManifest));
        for len in 1..good.len() - 1 {
            assert!(decode_manifest(&good[..len]).is_err(), "{len}");
        }
        // Without the final line break it still reads.
        assert!(decode_manifest(&good[..good.len() - 1]).is_ok());
        for i in 0..good.len() {
            for bit in 0..8 {
                let mut bad = good.to_vec();
                bad[i] ^= 1 << bit;
                if i == good.len() - 1 && bad[i] == b'\n' {
                    continue;
                }
                assert!(decode_manifest(&bad).is_err(), "byte {i} bit {bit}");
            }
        }
        assert_eq!(decode_manifest(b"\x89PNG\r\n"), Err(NotAManifest));
        assert_eq!(
            decode_manifest(b"grundy-store 1\xff\n"),
            Err(OtherVersion { found: "grundy-store 1\u{fffd}".into() })
        );
        let v2 = OLD_MANIFEST.replace("store 1", "store 2");
        let e = decode_manifest(v2.as_bytes()).unwrap_err();
        assert_eq!(e, OtherVersion { found: "grundy-store 2".into() });
        assert!(e.to_string().contains("another store format"), "{e}");
        let no_crc = "grundy-store 1\ngame octal:0.16\nchunk 8\n";
        assert_eq!(decode_manifest(no_crc.as_bytes()), Err(NoManifestChecksum));
        assert_eq!(decode_manifest(OLD_MANIFEST.replace("2546ada6", "2546ada7").as_bytes()), Err(ManifestChecksum));
        // Lines that pass a checksum computed over them but are not a manifest's.
        for body in [
            "grundy-store 1\n",
            "grundy-store 1\ngame octal:0.16\n",
            "grundy-store 1\ngame octal:0.16\nchunk 0\n",
            "grundy-store 1\ngame octal:0.16\nchunk -1\n",
            "grundy-store 1\ngame octal:0.16\nchunk 8\nmore\n",
            "grundy-store 1\ngame \nchunk 8\n",
            "grundy-store 1\r\ngame octal:0.16\nchunk 8\n",
            "grundy-store 1\ngame octal:0.16\nchunk 08\n",
        ] {
            let text = format!("{body}crc {:08x}\n", crc32fast::hash(body.as_bytes()));
            assert!(decode_manifest(text.as_bytes()).is_err(), "{body:?}");
        }
    }

    #[test]
    fn manifests_round_trip_and_refuse_what_they_cannot_hold() {
        for (game, chunk) in [("grundys-game", 1), ("octal:0.16", 1 << 20), ("crc 1", u64::MAX)] {
            let (text, m) = encode_manifest(game, chunk).unwrap();
            assert_eq!(decode_manifest(text.as_bytes()).unwrap(), m);
        }
        for (game, chunk) in [("", 8), ("a\nchunk 3", 8), ("kayles", 0)] {
            assert_eq!(encode_manifest(game, chunk), Err(StoreFormatError::BadManifestFields));
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        // A small deterministic fuzz: splitmix64 bytes, and mutations of valid files.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for _ in 0..2000 {
            let len = (next() % 80) as usize;
            let random: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            let _ = decode_chunk(&random, slot(8));
            let _ = decode_manifest(&random);
            let mut chunk = OLD_CHUNK_1.to_vec();
            let mut manifest = OLD_MANIFEST.as_bytes().to_vec();
            for _ in 0..1 + next() % 4 {
                let i = (next() % 48) as usize;
                chunk[i] = next() as u8;
                let j = next() as usize % manifest.len();
                manifest[j] = next() as u8;
            }
            chunk.truncate((next() % 60) as usize);
            assert!(decode_chunk(&chunk, slot(8)).is_err() || chunk == OLD_CHUNK_1);
            let _ = decode_manifest(&manifest);
        }
    }
}
