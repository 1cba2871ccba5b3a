//! The store's file formats on any bytes: `decode_manifest` and `decode_chunk` never panic, and
//! what they accept encodes back to the same bytes (a store file is either what grundy wrote
//! or refused; a manifest may lack its last newline). An outcome search's table written to disk
//! (`--search-store`) is read by `OutcomeTable::read_bytes` without a panic, each entry taking
//! its 20 bytes.
#![no_main]

use grundy::frontend::{decode_chunk, decode_manifest, encode_chunk, encode_manifest, ChunkSlot, OutcomeTable};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut table = OutcomeTable::new(1 << 12).expect("a small table");
    if let Ok(read) = table.read_bytes(data, "domineering", 1) {
        assert!(read as usize * 20 <= data.len());
    }
    if let Ok(m) = decode_manifest(data) {
        let (text, again) = encode_manifest(&m.game, m.chunk_len).expect("a decoded manifest encodes");
        assert_eq!(again, m);
        // The one leniency: the last line's newline may be missing.
        assert!(text.as_bytes() == data || text.strip_suffix('\n').map(str::as_bytes) == Some(data));
    }
    // The slot comes from the first bytes, so that the fuzzer can match a header to it.
    let Some((head, bytes)) = data.split_first_chunk::<12>() else { return };
    let start = u64::from(u32::from_le_bytes([head[0], head[1], head[2], head[3]]));
    let chunk_len = u64::from(u32::from_le_bytes([head[4], head[5], head[6], head[7]]));
    let manifest_crc = u32::from_le_bytes([head[8], head[9], head[10], head[11]]);
    let slot = ChunkSlot { start, chunk_len, manifest_crc };
    if let Ok(values) = decode_chunk(bytes, slot) {
        assert!(!values.is_empty() && values.len() as u64 <= chunk_len);
        assert_eq!(encode_chunk(start, &values, manifest_crc), bytes);
    }
});
