//! The lines typed into one kind of prompt, walked with Up and Down as in a shell: one
//! history type for the scratchpad, the search line and each problem's answers, so
//! every prompt recalls the same way.

/// A bound on what is kept, the oldest lines going first: the same bound as the
/// scratchpad's history kept between runs, so a run keeps what the next one gets back.
const KEEP: usize = crate::progress::scratchpad::MAX_HISTORY;

#[derive(Debug, Default, Clone, PartialEq)]
pub struct History {
    /// Lines in the order they were entered, without repeats in a row.
    lines: Vec<String>,
    /// Position while walking (`lines.len()` is the fresh line).
    walk: Option<usize>,
    /// The line being typed before the walk began, given back at its end.
    draft: String,
}

impl History {
    /// A history that starts from earlier `lines` (a previous run's), newest last.
    pub fn from_lines(lines: Vec<String>) -> History {
        let mut history = History::default();
        for line in lines {
            history.push(&line);
        }
        history
    }

    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The newest line.
    pub fn last(&self) -> Option<&str> {
        self.lines.last().map(String::as_str)
    }

    /// Keeps `line` (trimmed; blank lines and a repeat of the newest are not kept) and
    /// ends any walk.
    pub fn push(&mut self, line: &str) {
        self.walk = None;
        let line = line.trim();
        if line.is_empty() || self.last() == Some(line) {
            return;
        }
        self.lines.push(line.to_string());
        if self.lines.len() > KEEP {
            self.lines.remove(0);
        }
    }

    /// Forgets a walk in progress (the prompt closed without entering a line).
    pub fn stop(&mut self) {
        self.walk = None;
    }

    /// One step back (`-1`) or forward (`1`) from the line `current`: the line to show,
    /// or `None` at either end. Walking forward past the newest gives back the draft.
    pub fn step(&mut self, delta: isize, current: &str) -> Option<String> {
        let len = self.lines.len();
        let at = self.walk.unwrap_or(len);
        let next = at.checked_add_signed(delta).filter(|&n| n <= len)?;
        if next == at {
            return None;
        }
        if self.walk.is_none() {
            self.draft = current.to_string();
        }
        self.walk = Some(next);
        Some(match self.lines.get(next) {
            Some(line) => line.clone(),
            None => std::mem::take(&mut self.draft),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_goes_back_to_the_oldest_and_forward_to_the_draft() {
        let mut h = History::default();
        h.push("1 + 1");
        h.push(" 2 * 3 ");
        h.push("2 * 3");
        h.push("   ");
        assert_eq!(h.lines(), ["1 + 1", "2 * 3"], "trimmed, a repeat kept once");
        assert_eq!(h.step(-1, "dra").as_deref(), Some("2 * 3"));
        assert_eq!(h.step(-1, "2 * 3").as_deref(), Some("1 + 1"));
        assert_eq!(h.step(-1, "1 + 1"), None, "the oldest is the end");
        assert_eq!(h.step(1, "1 + 1").as_deref(), Some("2 * 3"));
        assert_eq!(h.step(1, "2 * 3").as_deref(), Some("dra"));
        assert_eq!(h.step(1, "dra"), None);
    }

    #[test]
    fn it_keeps_a_bounded_number_of_lines_the_newest() {
        let h = History::from_lines((0..KEEP + 5).map(|i| i.to_string()).collect());
        assert_eq!(h.lines().len(), KEEP);
        assert_eq!(h.lines()[0], "5");
        assert_eq!(h.last(), Some(&*(KEEP + 4).to_string()));
    }
}
