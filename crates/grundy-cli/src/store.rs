//! `--store DIR`: values saved as they are computed, so that a run killed at any moment resumes
//! where it stopped.
//!
//! Layout: `DIR/manifest` (the game and the chunk length, with a checksum), one file per chunk of
//! values, `DIR/chunk-00000000.bin`, ..., and `DIR/lock`. The bytes of the manifest and the
//! chunks are `grundy::frontend::store_format`'s; this module does the file work. Every file is written to
//! a temporary name of its own (`.NAME.PID.tmp`), synced, renamed over its final name and the
//! directory synced: a file is either entirely there or not at all, whatever the moment of a
//! kill or a power loss. Only the last chunk may be short; it is rewritten when it grows.
//!
//! One process at a time: `open` takes an exclusive lock on `DIR/lock` (`File::try_lock`, an
//! advisory lock the system releases when the process ends, even by a kill) and holds it as long
//! as the `Store` lives; a second process is refused at once and touches nothing. Temporary
//! files left by a killed run are removed only under the lock. Answering from a store
//! (`Store::read`) takes a shared lock instead, so readers run side by side; a store this user
//! cannot write is read under a shared lock on its lock file opened for reading, or with none
//! when there is no lock file to open (every file is whole, being written by a rename).
//!
//! Loading checks everything (names, order, lengths, checksums) and refuses a damaged or foreign
//! store with a one-line message naming the file, rather than use any of it.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

use grundy::frontend::{
    chunk_file_name, decode_chunk, decode_manifest, encode_chunk, encode_manifest, ChunkSlot, StoreFormatError,
    CHUNK_HEADER_LEN, MAX_GAME_LEN,
};

/// The default number of values per chunk file (2 MiB of values).
pub const DEFAULT_CHUNK: usize = 1 << 20;

const MANIFEST: &str = "manifest";
const LOCK: &str = "lock";

/// An open store of one game's values, locked for this process while it lives.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    chunk: usize,
    manifest_crc: u32,
    /// Values known to be on disk.
    saved: usize,
    /// The open lock file: the lock lasts as long as it is open. `None` only for reading a
    /// store whose directory this user cannot write and that has no lock file.
    _lock: Option<File>,
    /// Opened to be read only (`Store::read`): under a shared lock at most, so files of other
    /// processes' writes (temporary files) are left alone.
    reading: bool,
}

fn io_err(path: &Path, what: &str, e: std::io::Error) -> String {
    format!("store {}: {what}: {e}", path.display())
}

/// A message for a damaged store: `file` and what is wrong with it, then what to do.
fn damaged(dir: &Path, file: &str, why: impl std::fmt::Display) -> String {
    format!(
        "store {} is damaged: {} {why}; remove the directory (or move it away) to start again",
        dir.display(),
        dir.join(file).display()
    )
}

/// A file left by a write that a kill interrupted before its rename: never part of the store.
fn is_tmp(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(".tmp")
}

/// Writes `bytes` to `DIR/name` atomically: a temporary file of this process, synced, then
/// renamed, and the directory synced.
pub fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), String> {
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let path = dir.join(name);
    let mut f = File::create(&tmp).map_err(|e| io_err(&tmp, "cannot write", e))?;
    f.write_all(bytes).and_then(|()| f.sync_all()).map_err(|e| io_err(&tmp, "cannot write", e))?;
    drop(f);
    if let Err(e) = fs::rename(&tmp, &path) {
        let _ = fs::remove_file(&tmp);
        return Err(io_err(&path, "cannot rename a new file over", e));
    }
    // Sync the directory so that the rename itself survives a power loss.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The first `max + 1` bytes of `path` at most: a huge file in the store is damage to report,
/// not something to read into memory.
pub fn read_at_most(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let mut bytes = vec![];
    File::open(path)
        .and_then(|f| f.take(max.saturating_add(1)).read_to_end(&mut bytes))
        .map_err(|e| io_err(path, "cannot read", e))?;
    Ok(bytes)
}

/// The names in `dir`, as text (a name that is not UTF-8 is kept lossily: it is unexpected
/// anyway).
fn names(dir: &Path) -> Result<Vec<String>, String> {
    let mut names = vec![];
    for entry in fs::read_dir(dir).map_err(|e| io_err(dir, "cannot read the directory", e))? {
        let entry = entry.map_err(|e| io_err(dir, "cannot read the directory", e))?;
        names.push(entry.file_name().to_string_lossy().into_owned());
    }
    names.sort();
    Ok(names)
}

/// Refuses a directory with no manifest that holds anything but a lock and temporary files: it
/// is not a store, and nothing is written into it.
fn check_no_manifest(dir: &Path, names: &[String]) -> Result<(), String> {
    match names.iter().find(|n| *n != LOCK && !is_tmp(n)) {
        Some(other) => Err(format!(
            "store {} has no manifest but holds {}: it is not a grundy store (or lost its manifest); use a new or empty directory",
            dir.display(),
            dir.join(other).display()
        )),
        None => Ok(()),
    }
}

/// The chunk length and checksum of the manifest of the store in `dir`, which must be `game`'s.
fn read_manifest(dir: &Path, game: &str) -> Result<(usize, u32), String> {
    let manifest_path = dir.join(MANIFEST);
    let meta = fs::symlink_metadata(&manifest_path).map_err(|e| io_err(&manifest_path, "cannot read", e))?;
    if !meta.is_file() {
        return Err(damaged(dir, MANIFEST, "is not a file"));
    }
    let bytes = read_at_most(&manifest_path, MAX_GAME_LEN as u64 + 64)?;
    let manifest = decode_manifest(&bytes).map_err(|e| match e {
        StoreFormatError::OtherVersion { .. } => format!(
            "store {}: {} {e}: use the grundy that wrote it, or another directory",
            dir.display(),
            manifest_path.display()
        ),
        e => damaged(dir, MANIFEST, e),
    })?;
    if manifest.game != game {
        return Err(format!(
            "store {} holds the values of {}, not {game}: use another directory for {game}",
            dir.display(),
            manifest.game
        ));
    }
    let chunk = usize::try_from(manifest.chunk_len)
        .map_err(|_| damaged(dir, MANIFEST, "gives a chunk length too large for this machine"))?;
    Ok((chunk, manifest.crc))
}

/// Takes the exclusive lock on `dir/name` (created when missing) for as long as the file
/// returned is open: one writer of a store at a time, the second refused in one line.
pub fn lock_exclusive(dir: &Path, name: &str) -> Result<File, String> {
    let lock_path = dir.join(name);
    let lock = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock_path)
        .map_err(|e| io_err(&lock_path, "cannot open the lock file", e))?;
    match lock.try_lock() {
        Ok(()) => Ok(lock),
        Err(TryLockError::WouldBlock) => Err(in_use(dir, &lock_path)),
        Err(TryLockError::Error(e)) => Err(io_err(&lock_path, "cannot lock", e)),
    }
}

/// The refusal of a store another process holds the lock of.
fn in_use(dir: &Path, lock_path: &Path) -> String {
    format!(
        "store {} is in use by another grundy process (lock held on {}); wait for it to finish or use another directory",
        dir.display(),
        lock_path.display()
    )
}

impl Store {
    /// Opens the store in `dir` for `game`, creating it (with `chunk` values per file) when the
    /// directory is missing or empty, and locks it for this process. Refuses a store in use by
    /// another process, of another game, or with a damaged manifest, and a directory that is
    /// not a store.
    pub fn open(dir: &Path, game: &str, chunk: usize) -> Result<Store, String> {
        match fs::metadata(dir) {
            Ok(m) if !m.is_dir() => {
                return Err(format!("store {} is not a directory: give a new or empty directory", dir.display()))
            }
            Ok(_) => {
                // Before creating the lock file: never write into a directory that is not a store.
                if !dir.join(MANIFEST).exists() {
                    check_no_manifest(dir, &names(dir)?)?;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                fs::create_dir_all(dir).map_err(|e| io_err(dir, "cannot create the directory", e))?
            }
            Err(e) => return Err(io_err(dir, "cannot read", e)),
        }
        let lock = lock_exclusive(dir, LOCK)?;

        // Under the lock from here on.
        let chunk_len = u64::try_from(chunk.max(1)).unwrap_or(u64::MAX);
        if !dir.join(MANIFEST).exists() {
            check_no_manifest(dir, &names(dir)?)?;
            let (text, _) = encode_manifest(game, chunk_len)
                .map_err(|e| format!("store {}: the game name {game:?} {e}", dir.display()))?;
            write_atomic(dir, MANIFEST, text.as_bytes())?;
        }
        let (chunk, manifest_crc) = read_manifest(dir, game)?;
        Ok(Store { dir: dir.to_path_buf(), chunk, manifest_crc, saved: 0, _lock: Some(lock), reading: false })
    }

    /// Opens the store of `game` in `dir` to read it: under a shared lock (readers do not stop
    /// each other; a writer's exclusive lock stops them), taken on a lock file opened for
    /// reading where this user cannot write it (a store made read-only, or another user's),
    /// or with no lock where the directory cannot be written and holds no lock file, so that a
    /// store this user cannot write is read rather than refused. `open_rw` opens the lock file
    /// to write, creating it (a parameter so that a test can make it fail as root does not).
    fn open_to_read(dir: &Path, game: &str, open_rw: impl Fn(&Path) -> std::io::Result<File>) -> Result<Store, String> {
        let lock_path = dir.join(LOCK);
        let lock = match open_rw(&lock_path) {
            Ok(f) => Some(f),
            Err(e) if matches!(e.kind(), ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem) => {
                match File::open(&lock_path) {
                    Ok(f) => Some(f),
                    // Nobody can have locked a lock file that is not there; every file of the
                    // store is written by a rename, so what is read is whole.
                    Err(e) if e.kind() == ErrorKind::NotFound => None,
                    Err(e) => return Err(io_err(&lock_path, "cannot open the lock file", e)),
                }
            }
            Err(e) => return Err(io_err(&lock_path, "cannot open the lock file", e)),
        };
        if let Some(lock) = &lock {
            match lock.try_lock_shared() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => return Err(in_use(dir, &lock_path)),
                Err(TryLockError::Error(e)) => return Err(io_err(&lock_path, "cannot lock", e)),
            }
        }
        let (chunk, manifest_crc) = read_manifest(dir, game)?;
        Ok(Store { dir: dir.to_path_buf(), chunk, manifest_crc, saved: 0, _lock: lock, reading: true })
    }

    /// The game and the values of the store in `dir`, for answering from it (`analyze`, `play`
    /// and `serve` with `--store DIR`): read under a shared lock (`Store::open_to_read`) and checked as a resumed run reads
    /// them. A directory that holds no store is refused with the command that fills one:
    /// `fill` is its start (`grundy sg GAME --upto N`), the game and heap when the caller
    /// knows them.
    pub fn read(dir: &Path, fill: &str) -> Result<(String, Vec<u16>), String> {
        let manifest_path = dir.join(MANIFEST);
        if !manifest_path.is_file() {
            return Err(format!(
                "store {} holds no stored values: `{fill} --store {} --summary` fills it",
                dir.display(),
                dir.display()
            ));
        }
        let bytes = read_at_most(&manifest_path, MAX_GAME_LEN as u64 + 64)?;
        let manifest = decode_manifest(&bytes).map_err(|e| damaged(dir, MANIFEST, e))?;
        let open_rw = |path: &Path| OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path);
        let mut store = Store::open_to_read(dir, &manifest.game, open_rw)?;
        let values = store.load()?;
        Ok((manifest.game, values))
    }

    /// Reads every saved value, checking each chunk; refuses a damaged store. Removes the
    /// temporary files of interrupted writes (this process holds the lock, so no other process
    /// is writing them).
    pub fn load(&mut self) -> Result<Vec<u16>, String> {
        let dir = self.dir.as_path();
        let mut chunks = vec![];
        for name in names(dir)? {
            if is_tmp(&name) {
                // Another process's write in progress, when this one only reads.
                if !self.reading {
                    let _ = fs::remove_file(dir.join(&name));
                }
            } else if name != MANIFEST && name != LOCK {
                chunks.push(name);
            }
        }
        let mut values: Vec<u16> = vec![];
        for (k, name) in chunks.iter().enumerate() {
            let expected = chunk_file_name(k as u64);
            if *name != expected {
                if name.starts_with("chunk-") && name.ends_with(".bin") && *name > expected {
                    return Err(damaged(dir, name, format!("follows a missing {expected}")));
                }
                return Err(format!(
                    "store {} holds an unexpected file {} (a store holds only its manifest, its lock and its chunk files); move it out of the store, or use another directory",
                    dir.display(),
                    dir.join(name).display()
                ));
            }
            if !values.len().is_multiple_of(self.chunk) {
                let previous = chunk_file_name(k.saturating_sub(1) as u64);
                return Err(damaged(dir, &previous, "is short but not the last chunk"));
            }
            let path = dir.join(name);
            let meta = fs::symlink_metadata(&path).map_err(|e| io_err(&path, "cannot read", e))?;
            if !meta.is_file() {
                return Err(damaged(dir, name, "is not a file"));
            }
            // One byte past the longest chunk is enough to tell that a file is too long.
            let longest = (CHUNK_HEADER_LEN as u64).saturating_add((self.chunk as u64).saturating_mul(2));
            let bytes = read_at_most(&path, longest)?;
            let slot =
                ChunkSlot { start: values.len() as u64, chunk_len: self.chunk as u64, manifest_crc: self.manifest_crc };
            let chunk = decode_chunk(&bytes, slot).map_err(|e| damaged(dir, name, e))?;
            values.extend_from_slice(&chunk);
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
            let end = start.saturating_add(self.chunk).min(len);
            let bytes = encode_chunk(start as u64, &range(start, end), self.manifest_crc);
            write_atomic(&self.dir, &chunk_file_name(k as u64), &bytes)?;
            self.saved = end;
        }
        Ok(())
    }
}

/// The library computes and asks for saves; this store writes them.
impl grundy::frontend::SequenceStore for Store {
    /// Values per chunk file.
    fn chunk_len(&self) -> usize {
        self.chunk
    }

    fn save(&mut self, len: usize, values: &dyn Fn(usize, usize) -> Vec<u16>) -> Result<(), String> {
        Store::save(self, len, values)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a test that cannot unwrap has failed
mod tests {
    use super::*;

    /// A store of `values` in a fresh directory.
    fn filled(name: &str, values: &[u16]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-store-unit-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let mut store = Store::open(&dir, "kayles", 4).unwrap();
        store.save(values.len(), |a, b| values[a..b].to_vec()).unwrap();
        dir
    }

    /// What opening the lock file to write gives where the user may not write (what `chmod`
    /// gives a user who is not root; root is never refused, so it is injected).
    fn denied(_: &Path) -> std::io::Result<File> {
        Err(std::io::Error::from(ErrorKind::PermissionDenied))
    }

    fn read_with(dir: &Path, open_rw: impl Fn(&Path) -> std::io::Result<File>) -> Result<Vec<u16>, String> {
        Store::open_to_read(dir, "kayles", open_rw)?.load()
    }

    /// Issue 46, row 16: `analyze kayles 10 --store st` on a store the user cannot write said
    /// "cannot open the lock file: Permission denied" and gave no answer. A store that cannot
    /// be written is read: under a shared lock on its lock file opened for reading, or with no
    /// lock where there is no lock file, leaving every file as it was.
    #[test]
    fn a_store_that_cannot_be_written_is_read() {
        let values: Vec<u16> = (0..10).map(|n| n % 3).collect();
        let dir = filled("read-only", &values);
        // The lock file is there: opened to read, and locked shared.
        assert_eq!(read_with(&dir, denied).unwrap(), values);
        // No lock file, and none can be made: read without one. A temporary file of another
        // process's write is left alone (only a writer, holding the lock, removes them).
        fs::remove_file(dir.join(LOCK)).unwrap();
        let tmp = dir.join(".chunk-00000003.bin.1.tmp");
        fs::write(&tmp, b"half a write").unwrap();
        assert_eq!(read_with(&dir, denied).unwrap(), values);
        assert!(!dir.join(LOCK).exists() && tmp.exists());
        fs::remove_file(&tmp).unwrap();
        // Any other failure to open the lock file is still said.
        let other = |_: &Path| Err(std::io::Error::other("disk on fire"));
        let e = read_with(&dir, other).unwrap_err();
        assert!(e.contains("cannot open the lock file: disk on fire"), "{e}");
        let _ = fs::remove_dir_all(dir);
    }

    /// Readers share the store; a writer's exclusive lock stops them, and theirs stops it.
    #[test]
    fn readers_share_the_lock_and_a_writer_excludes_them() {
        let values: Vec<u16> = (0..10).collect();
        let dir = filled("shared", &values);
        let rw = |path: &Path| OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path);
        let first = Store::open_to_read(&dir, "kayles", rw).unwrap();
        let second = Store::open_to_read(&dir, "kayles", denied).unwrap();
        let e = Store::open(&dir, "kayles", 4).unwrap_err();
        assert!(e.contains("is in use by another grundy process"), "{e}");
        drop((first, second));
        let writer = Store::open(&dir, "kayles", 4).unwrap();
        let e = Store::open_to_read(&dir, "kayles", rw).unwrap_err();
        assert!(e.contains("is in use by another grundy process"), "{e}");
        drop(writer);
        assert_eq!(Store::read(&dir, "grundy sg kayles --upto 9").unwrap(), ("kayles".to_string(), values));
        let _ = fs::remove_dir_all(dir);
    }
}
