//! Worker processes: where `grundy serve` computes, so that no request can take the server
//! down. Each computation runs in a child process (`grundy serve --worker`, reading one job a
//! line on its standard input and writing one reply a line), kept for the next job when it
//! ends normally. The server kills a worker whose resident memory passes the memory a request
//! may use ([`crate::Config::request_memory`]), one whose request is stopped (time limit,
//! client gone, moved out of the quick lane), and so a runaway allocation, a panic that aborts
//! or a loop that never checks its stop token ends one worker, never the server, and frees its
//! permit at once.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

/// How to start a worker process: a program and its arguments (for `grundy serve`, its own
/// binary with `serve --worker`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerCommand {
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
}

/// Why the server killed a worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Killed {
    /// Its request was stopped (time limit, cancelled, moved lanes).
    Stopped,
    /// Its resident memory passed the memory a request may use: how much it held, in bytes.
    Memory(u64),
}

/// A running worker process, shared by the thread that talks to it and whoever may kill it.
pub(crate) struct Process {
    child: Mutex<Child>,
    pid: u32,
    killed: Mutex<Option<Killed>>,
}

impl Process {
    /// Kills the process (once); the thread reading its reply sees the end of its output.
    pub(crate) fn kill(&self, why: Killed) {
        let mut killed = self.killed.lock().unwrap_or_else(PoisonError::into_inner);
        if killed.is_none() {
            *killed = Some(why);
            // An error means the process has ended already.
            let _ = self.child.lock().unwrap_or_else(PoisonError::into_inner).kill();
        }
    }

    /// Why it was killed, if it was.
    pub(crate) fn killed(&self) -> Option<Killed> {
        *self.killed.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Its resident memory in bytes, from `/proc` (`None` where there is none, or once the
    /// process has gone).
    fn resident(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid)).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        let kb: u64 = line.trim_start_matches("VmRSS:").trim().trim_end_matches("kB").trim().parse().ok()?;
        kb.checked_mul(1024)
    }

    /// Waits for the process to end; its exit status in words.
    fn reap(&self) -> String {
        match self.child.lock().unwrap_or_else(PoisonError::into_inner).wait() {
            Ok(status) => status.to_string(),
            Err(e) => format!("unknown ({e})"),
        }
    }
}

/// A worker ready for a job: its process and the two ends of its pipes.
pub(crate) struct Worker {
    pub(crate) process: Arc<Process>,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// What one job on a worker came to.
pub(crate) enum Outcome {
    /// The reply line, and the worker, to go back to the pool ([`Pool::put`]) once no one can
    /// kill it for this job.
    Reply(String, Worker),
    /// The worker ended without a reply: killed by the server (why), or on its own (its exit
    /// status in words).
    Ended(Option<Killed>, String),
}

impl Worker {
    /// Sends one job line and reads its reply (blocking). A worker that ended is reaped.
    pub(crate) fn run(mut self, job: &str) -> Outcome {
        let mut reply = String::new();
        let read = writeln!(self.stdin, "{job}")
            .and_then(|()| self.stdin.flush())
            .and_then(|()| self.stdout.read_line(&mut reply));
        match read {
            Ok(_) if reply.ends_with('\n') && self.process.killed().is_none() => Outcome::Reply(reply, self),
            _ => {
                // Make sure it is gone (it may have written half a line) before reaping it.
                self.process.kill(Killed::Stopped);
                let status = self.process.reap();
                Outcome::Ended(self.process.killed(), status)
            }
        }
    }
}

/// The worker processes of a server: those idle, and those computing, watched for memory.
pub(crate) struct Pool {
    command: WorkerCommand,
    idle: Mutex<Vec<Worker>>,
    /// The most idle workers kept (the most that can compute at once).
    max_idle: usize,
    busy: Mutex<Vec<Weak<Process>>>,
}

impl Pool {
    /// A pool of workers started by `command`, killing any whose resident memory passes
    /// `memory` bytes (checked every 10 ms by a thread of its own, which ends with the pool).
    pub(crate) fn new(command: WorkerCommand, max_idle: usize, memory: u64) -> Arc<Pool> {
        let pool = Arc::new(Pool { command, idle: Mutex::new(Vec::new()), max_idle, busy: Mutex::new(Vec::new()) });
        let weak = Arc::downgrade(&pool);
        std::thread::spawn(move || {
            while let Some(pool) = weak.upgrade() {
                pool.watch(memory);
                drop(pool);
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        pool
    }

    /// Kills the computing workers whose resident memory passes `memory`.
    fn watch(&self, memory: u64) {
        let mut busy = self.busy.lock().unwrap_or_else(PoisonError::into_inner);
        busy.retain(|p| p.strong_count() > 0);
        for process in busy.iter().filter_map(Weak::upgrade) {
            if let Some(resident) = process.resident().filter(|&r| r > memory) {
                process.kill(Killed::Memory(resident));
            }
        }
    }

    /// An idle worker, or a new one.
    pub(crate) fn take(&self) -> io::Result<Worker> {
        let idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let worker = match idle {
            Some(w) => w,
            None => self.spawn()?,
        };
        self.busy.lock().unwrap_or_else(PoisonError::into_inner).push(Arc::downgrade(&worker.process));
        Ok(worker)
    }

    fn spawn(&self) -> io::Result<Worker> {
        let mut child = Command::new(&self.command.program)
            .args(&self.command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // A worker that dies of memory says so on its standard error: the server answers
            // for it.
            .stderr(Stdio::null())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(io::Error::other("the worker's pipes are missing"));
        };
        let pid = child.id();
        Ok(Worker {
            process: Arc::new(Process { child: Mutex::new(child), pid, killed: Mutex::new(None) }),
            stdin,
            stdout: BufReader::new(stdout),
        })
    }

    /// Takes back a worker that replied, unless it has been killed since.
    pub(crate) fn put(&self, worker: Worker) {
        if worker.process.killed().is_some() {
            worker.process.reap();
            return;
        }
        self.busy
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|p| !std::ptr::eq(p.as_ptr(), Arc::as_ptr(&worker.process)));
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < self.max_idle {
            idle.push(worker);
        } else {
            // Closing its input ends it; reap it elsewhere than under the lock.
            drop(idle);
            drop(worker.stdin);
            worker.process.reap();
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        for worker in self.idle.get_mut().unwrap_or_else(PoisonError::into_inner).drain(..) {
            worker.process.kill(Killed::Stopped);
            worker.process.reap();
        }
    }
}
