//! `--store DIR`: values saved as they are computed, so that a run killed at any moment resumes
//! where it stopped.
//!
//! Layout: `DIR/manifest` (the game and the chunk length, with a checksum) and one file per
//! chunk of values, `DIR/chunk-00000000.bin`, ... Chunk k holds G(k C .. k C + count) as
//! little-endian u16 after a 32-byte header: magic, start, count, CRC-32 of the header fields and
//! the values, and the CRC of the manifest (so a chunk cannot be mixed into another game's
//! store). Every file is written to a temporary name, synced, renamed over its final name and
//! the directory synced: a file is either entirely there or not at all, whatever the moment of
//! a kill or a power loss. Only the last chunk may be short; it is rewritten when it grows.
//!
//! Loading checks everything (names, order, lengths, checksums) and refuses a damaged store with
//! a message naming the file, rather than use any of it.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::crc::{crc32, Crc32};

const MAGIC: &[u8; 8] = b"GRUNDYC1";
const HEADER: usize = 32;
const MANIFEST_VERSION: &str = "grundy-store 1";

/// The default number of values per chunk file (2 MiB of values).
pub const DEFAULT_CHUNK: usize = 1 << 20;

/// An open store of one game's values.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    chunk: usize,
    manifest_crc: u32,
    /// Values known to be on disk.
    saved: usize,
}

fn io_err(dir: &Path, what: &str, e: std::io::Error) -> String {
    format!("store {}: {what}: {e}", dir.display())
}

/// Writes `bytes` to `path` atomically: a temporary file, synced, then renamed.
fn write_atomic(dir: &Path, path: &Path, bytes: &[u8]) -> Result<(), String> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let tmp = dir.join(format!(".{name}.tmp"));
    let mut f = File::create(&tmp).map_err(|e| io_err(dir, "cannot write", e))?;
    f.write_all(bytes).and_then(|()| f.sync_all()).map_err(|e| io_err(dir, "cannot write", e))?;
    drop(f);
    fs::rename(&tmp, path).map_err(|e| io_err(dir, "cannot rename", e))?;
    // Sync the directory so that the rename itself survives a power loss.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

fn chunk_name(k: usize) -> String {
    format!("chunk-{k:08}.bin")
}

impl Store {
    /// Opens the store in `dir` for `game`, creating it (with `chunk` values per file) when the
    /// directory is missing or empty. Refuses a store of another game or a damaged manifest.
    pub fn open(dir: &Path, game: &str, chunk: usize) -> Result<Store, String> {
        let manifest = dir.join("manifest");
        let damaged =
            |why: &str| format!("store {} is damaged: {why}; remove the directory to start again", dir.display());
        if !manifest.exists() {
            let empty = match fs::read_dir(dir) {
                Ok(mut entries) => entries.next().is_none(),
                Err(_) => true,
            };
            if !empty {
                return Err(format!(
                    "store {} is not empty and has no manifest: give a new or empty directory",
                    dir.display()
                ));
            }
            fs::create_dir_all(dir).map_err(|e| io_err(dir, "cannot create", e))?;
            let body = format!("{MANIFEST_VERSION}\ngame {game}\nchunk {chunk}\n");
            let text = format!("{body}crc {:08x}\n", crc32(body.as_bytes()));
            write_atomic(dir, &manifest, text.as_bytes())?;
        }
        let text = fs::read_to_string(&manifest).map_err(|_| damaged("the manifest cannot be read"))?;
        let (body, crc_line) = text.rsplit_once("crc ").ok_or_else(|| damaged("the manifest has no checksum"))?;
        let crc =
            u32::from_str_radix(crc_line.trim(), 16).map_err(|_| damaged("the manifest checksum is unreadable"))?;
        if crc != crc32(body.as_bytes()) {
            return Err(damaged("the manifest fails its checksum"));
        }
        let mut lines = body.lines();
        if lines.next() != Some(MANIFEST_VERSION) {
            return Err(damaged("the manifest is not a grundy store of this version"));
        }
        let stored_game =
            lines.next().and_then(|l| l.strip_prefix("game ")).ok_or_else(|| damaged("the manifest names no game"))?;
        let chunk: usize = lines
            .next()
            .and_then(|l| l.strip_prefix("chunk "))
            .and_then(|c| c.parse().ok())
            .filter(|&c| c > 0)
            .ok_or_else(|| damaged("the manifest gives no chunk length"))?;
        if stored_game != game {
            return Err(format!("store {} holds the values of {stored_game}, not {game}", dir.display()));
        }
        Ok(Store { dir: dir.to_path_buf(), chunk, manifest_crc: crc, saved: 0 })
    }

    /// Values per chunk file.
    pub fn chunk_len(&self) -> usize {
        self.chunk
    }

    /// Reads every saved value, checking each chunk; refuses a damaged store.
    pub fn load(&mut self) -> Result<Vec<u16>, String> {
        let damaged = |file: &str, why: &str| {
            format!("store {} is damaged: {file} {why}; remove the directory to start again", self.dir.display())
        };
        let mut names = vec![];
        for entry in fs::read_dir(&self.dir).map_err(|e| io_err(&self.dir, "cannot read", e))? {
            let name = entry.map_err(|e| io_err(&self.dir, "cannot read", e))?.file_name();
            let name = name.to_string_lossy().to_string();
            if name.starts_with('.') && name.ends_with(".tmp") {
                // A write that a kill interrupted before its rename: never part of the store.
                let _ = fs::remove_file(self.dir.join(&name));
            } else if name != "manifest" {
                names.push(name);
            }
        }
        names.sort();
        let mut values: Vec<u16> = vec![];
        for (k, name) in names.iter().enumerate() {
            if *name != chunk_name(k) {
                return Err(damaged(name, &format!("is unexpected (the next chunk should be {})", chunk_name(k))));
            }
            if values.len() % self.chunk != 0 {
                return Err(damaged(&chunk_name(k - 1), "is short but not the last chunk"));
            }
            let bytes = fs::read(self.dir.join(name)).map_err(|e| io_err(&self.dir, "cannot read", e))?;
            if bytes.len() < HEADER || &bytes[..8] != MAGIC {
                return Err(damaged(name, "has no valid header"));
            }
            let field = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap_or([0; 8]));
            let word = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap_or([0; 4]));
            let (start, count) = (field(8), field(16));
            if start != (k * self.chunk) as u64 || count == 0 || count > self.chunk as u64 {
                return Err(damaged(name, "has a wrong range"));
            }
            if bytes.len() as u64 != HEADER as u64 + 2 * count {
                return Err(damaged(name, "has the wrong length"));
            }
            if word(28) != self.manifest_crc {
                return Err(damaged(name, "belongs to another store"));
            }
            let mut c = Crc32::new();
            c.update(&bytes[8..24]);
            c.update(&bytes[HEADER..]);
            if c.finish() != word(24) {
                return Err(damaged(name, "fails its checksum"));
            }
            values.extend(bytes[HEADER..].chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])));
        }
        self.saved = values.len();
        Ok(values)
    }

    /// Saves the values not yet on disk, of the `len` known (`range(a, b)` gives G(a..b)):
    /// every chunk they complete, and the short last one.
    pub fn save(&mut self, len: usize, range: impl Fn(usize, usize) -> Vec<u16>) -> Result<(), String> {
        while self.saved < len {
            let k = self.saved / self.chunk;
            let start = k * self.chunk;
            let end = (start + self.chunk).min(len);
            let mut bytes = Vec::with_capacity(HEADER + 2 * (end - start));
            bytes.extend_from_slice(MAGIC);
            bytes.extend_from_slice(&(start as u64).to_le_bytes());
            bytes.extend_from_slice(&((end - start) as u64).to_le_bytes());
            bytes.extend_from_slice(&[0; 8]);
            for v in &range(start, end) {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
            let mut c = Crc32::new();
            c.update(&bytes[8..24]);
            c.update(&bytes[HEADER..]);
            bytes[24..28].copy_from_slice(&c.finish().to_le_bytes());
            bytes[28..32].copy_from_slice(&self.manifest_crc.to_le_bytes());
            write_atomic(&self.dir, &self.dir.join(chunk_name(k)), &bytes)?;
            self.saved = end;
        }
        Ok(())
    }
}
