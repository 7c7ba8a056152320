//! A progress bar on stderr for long `check` runs on a terminal: none when stderr is not a
//! terminal or with `--quiet`, so logs and pipes get nothing.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use phaselint::check::CheckedFile;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

pub struct Progress {
    bar: Option<ProgressBar>,
    cards: AtomicUsize,
}

impl Progress {
    /// A spinner that counts files and cards, drawn only on a terminal.
    pub fn start(quiet: bool) -> Progress {
        if quiet || !std::io::stderr().is_terminal() {
            return Progress {
                bar: None,
                cards: AtomicUsize::new(0),
            };
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(8));
        bar.set_style(
            ProgressStyle::with_template("{spinner} {pos} files, {msg} [{elapsed}]")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(Duration::from_millis(125));
        Progress {
            bar: Some(bar),
            cards: AtomicUsize::new(0),
        }
    }

    /// Counts a checked file.
    pub fn file_done(&self, file: &CheckedFile) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
            let cards = self.cards.fetch_add(file.cards, Ordering::Relaxed) + file.cards;
            bar.set_message(format!("{cards} cards"));
        }
    }

    /// Clears the bar before the report is printed.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
