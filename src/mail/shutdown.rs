//! Stopping the daemon at a mail boundary (SIGTERM, Ctrl-C).
//!
//! A stop is a request, not an abort: each part of the daemon checks it
//! where stopping loses nothing. The IMAP watcher checks it between mails,
//! so the mail in hand is processed, committed and moved first; its waits
//! (IDLE, the poll interval, the reconnect backoff) end at once: a wait on
//! the server is ended by shutting its socket down from the stopping
//! thread, which the watcher lends [`Stop`] for exactly the time of the
//! wait and no longer, so no command in flight is ever cut.

use std::net::{Shutdown, TcpStream};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::watch;

/// The daemon's stop request, shared by its blocking and async parts.
#[derive(Debug)]
pub struct Stop {
    state: Mutex<State>,
    wakeup: Condvar,
    /// The same request for the async parts (sender, clock).
    signal: watch::Sender<bool>,
}

#[derive(Debug, Default)]
struct State {
    requested: bool,
    /// The socket of a wait on the server in progress.
    waiting_on: Option<TcpStream>,
}

impl Default for Stop {
    fn default() -> Self {
        Stop {
            state: Mutex::default(),
            wakeup: Condvar::new(),
            signal: watch::Sender::new(false),
        }
    }
}

impl Stop {
    fn state(&self) -> MutexGuard<'_, State> {
        // The state is two plain fields: a panic elsewhere cannot leave it
        // half-written.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Asks every part to stop at its next boundary; a wait in progress
    /// ends at once.
    pub fn request(&self) {
        let mut state = self.state();
        state.requested = true;
        if let Some(socket) = state.waiting_on.take() {
            // The blocked read returns; the watcher sees the request.
            let _ = socket.shutdown(Shutdown::Both);
        }
        self.wakeup.notify_all();
        drop(state);
        self.signal.send_replace(true);
    }

    /// Whether a stop was requested.
    pub fn requested(&self) -> bool {
        self.state().requested
    }

    /// A receiver that turns `true` when a stop is requested (for the
    /// async parts).
    pub fn subscribe(&self) -> watch::Receiver<bool> {
        self.signal.subscribe()
    }

    /// Sleeps for `pause` or until a stop is requested; whether one was.
    pub fn sleep(&self, pause: Duration) -> bool {
        let until = Instant::now() + pause;
        let mut state = self.state();
        while !state.requested {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            state = self
                .wakeup
                .wait_timeout(state, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        true
    }

    /// Runs `wait`, a wait for the server on `socket`, unless a stop was
    /// requested already (then `None`). A stop requested during the wait
    /// shuts `socket` down, so that `wait` returns at once (with an error).
    pub fn interruptible<T>(&self, socket: TcpStream, wait: impl FnOnce() -> T) -> Option<T> {
        {
            let mut state = self.state();
            if state.requested {
                return None;
            }
            state.waiting_on = Some(socket);
        }
        let result = wait();
        self.state().waiting_on = None;
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::net::TcpListener;
    use std::sync::Arc;

    #[test]
    fn a_sleep_ends_at_the_request() {
        let stop = Arc::new(Stop::default());
        assert!(!stop.sleep(Duration::from_millis(10)), "no request yet");
        let stopper = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                stop.request();
            })
        };
        let started = Instant::now();
        assert!(stop.sleep(Duration::from_secs(60)));
        assert!(started.elapsed() < Duration::from_secs(10));
        stopper.join().unwrap();
        assert!(stop.requested());
        assert!(stop.sleep(Duration::from_secs(60)), "at once after it");
        assert!(*stop.subscribe().borrow());
    }

    #[test]
    fn a_blocked_read_ends_at_the_request_and_no_wait_begins_after_it() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let mut client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        // The server side stays open and silent: only the stop ends the read.
        let (_server, _) = listener.accept().unwrap();
        let stop = Arc::new(Stop::default());
        let stopper = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(200));
                stop.request();
            })
        };
        let started = Instant::now();
        let socket = client.try_clone().unwrap();
        let read = stop
            .interruptible(socket, || client.read(&mut [0u8; 16]))
            .expect("the wait began");
        assert!(matches!(read, Ok(0) | Err(_)), "{read:?}");
        assert!(started.elapsed() < Duration::from_secs(10));
        stopper.join().unwrap();
        let socket = client.try_clone().unwrap();
        assert!(
            stop.interruptible(socket, || {}).is_none(),
            "no wait after a stop"
        );
    }
}
