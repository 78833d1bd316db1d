//! How long to wait after a `didChange` before analysing and publishing (clangd's adaptive
//! debounce, with a lower ceiling).
//!
//! A fixed delay is paid by every keystroke, however cheap its analysis. Waiting is worth
//! something only when a quick burst of changes (a paste, an editor command sending several
//! notifications) would otherwise start analyses that the next change makes stale; an
//! analysis that is already running cannot be stopped, so the cost of not waiting is about
//! one analysis. The delay is therefore half the recent analysis time of the document,
//! clamped to `[0, MAX]`: a small document is analysed at once, a large one waits at most
//! `MAX`. And it is only paid inside a burst: a change that comes longer than that delay
//! after the one before it (a keystroke after a pause, or typing slower than the analysis)
//! is analysed at once, since the next change is not expected within the delay either.

use std::time::{Duration, Instant};

/// The longest wait: the budget for keystroke-to-diagnostics is 50 ms in all.
pub const MAX: Duration = Duration::from_millis(50);

/// How many recent analyses the delay is derived from.
const HISTORY: usize = 5;

/// The recent analysis durations of one document.
#[derive(Clone, Debug, Default)]
pub struct Debounce {
    recent: Vec<Duration>,
    last_change: Option<Instant>,
}

impl Debounce {
    /// Remembers how long an analysis took.
    pub fn record(&mut self, took: Duration) {
        if self.recent.len() == HISTORY {
            self.recent.remove(0);
        }
        self.recent.push(took);
    }

    /// A change came `at`: how long to wait before analysing it.
    pub fn change(&mut self, at: Instant) -> Duration {
        let delay = self.delay();
        let previous = self.last_change.replace(at);
        let in_burst = previous.is_some_and(|p| at.saturating_duration_since(p) < delay);
        if in_burst {
            delay
        } else {
            Duration::ZERO
        }
    }

    /// The delay inside a burst of changes: half the median of the recent analyses (none
    /// before the first), at most `MAX`. Of two middle values the lower: after the open's
    /// full analysis and one re-check of an edit, the re-check is what the next edit costs.
    pub fn delay(&self) -> Duration {
        if self.recent.is_empty() {
            return Duration::ZERO;
        }
        let mut sorted = self.recent.clone();
        sorted.sort();
        (sorted[(sorted.len() - 1) / 2] / 2).min(MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn after(durations: &[u64]) -> Duration {
        let mut debounce = Debounce::default();
        for &d in durations {
            debounce.record(ms(d));
        }
        debounce.delay()
    }

    #[test]
    fn no_history_no_wait() {
        assert_eq!(after(&[]), Duration::ZERO);
    }

    #[test]
    fn cheap_analyses_wait_little_and_expensive_ones_at_most_the_ceiling() {
        assert_eq!(after(&[2, 2, 2]), ms(1));
        assert_eq!(after(&[40]), ms(20));
        assert_eq!(after(&[300, 250, 400]), MAX);
    }

    #[test]
    fn after_the_first_full_analysis_one_cheap_re_check_sets_the_delay() {
        assert_eq!(after(&[110]), MAX);
        assert_eq!(after(&[110, 6]), ms(3));
        assert_eq!(after(&[110, 6, 8, 120]), ms(4));
    }

    #[test]
    fn one_outlier_does_not_move_the_delay() {
        assert_eq!(after(&[10, 10, 900, 10, 10]), ms(5));
    }

    #[test]
    fn only_a_change_inside_a_burst_waits() {
        let mut debounce = Debounce::default();
        debounce.record(ms(40)); // a delay of 20 ms inside a burst
        let t0 = Instant::now();
        assert_eq!(debounce.change(t0), Duration::ZERO, "the first change");
        assert_eq!(
            debounce.change(t0 + ms(5)),
            ms(20),
            "5 ms after the previous one"
        );
        assert_eq!(debounce.change(t0 + ms(15)), ms(20), "10 ms after");
        assert_eq!(
            debounce.change(t0 + ms(200)),
            Duration::ZERO,
            "after a pause"
        );
        assert_eq!(debounce.change(t0 + ms(230)), Duration::ZERO, "30 ms after");
    }

    #[test]
    fn only_the_recent_analyses_count() {
        // A large paste analysed slowly, then a document that became small again.
        assert_eq!(after(&[400, 400, 400, 4, 4, 4, 4, 4]), ms(2));
    }
}
