//! The one-line input at the bottom of the screen: search, the scratchpad, an answer.
//! Editing is `tui_input`'s (cursor, word moves, kill and yank); the keymap binds the
//! keys to [`Edit`]s, and this module says which edit asks `tui_input` for what.

use tui_input::{Input, InputRequest};

use super::history::History;
use super::{Action, App, AskView, Edit, Mode, ProblemRef};

/// Longest line a prompt takes: answers and expressions are typed by hand, and a paste
/// of megabytes must not reach the evaluator on every keystroke.
pub const MAX_PROMPT_CHARS: usize = crate::problems::problem::MAX_INPUT;

/// A one-line input and what it is for.
#[derive(Debug, Clone)]
pub struct Prompt {
    pub kind: PromptKind,
    pub input: Input,
}

impl PartialEq for Prompt {
    fn eq(&self, other: &Prompt) -> bool {
        self.kind == other.kind
            && self.input.value() == other.input.value()
            && self.input.cursor() == other.input.cursor()
    }
}

impl Eq for Prompt {}

impl Prompt {
    /// A prompt holding `text` (recalled from the history, which an imported record
    /// may have filled), its hidden characters shown replaced: the prompt's line is
    /// written to the terminal as it is.
    pub fn new(kind: PromptKind, text: &str) -> Prompt {
        Prompt {
            kind,
            input: Input::new(crate::sanitize::one_line(text)),
        }
    }

    pub fn text(&self) -> &str {
        self.input.value()
    }

    /// The ask panel a note line is written over.
    pub fn note_panel(&self) -> Option<&AskView> {
        match &self.kind {
            PromptKind::Note(view) => Some(view),
            _ => None,
        }
    }

    /// Inserts pasted text at the cursor as one edit; line breaks and tabs become spaces
    /// and other hidden characters ([`crate::sanitize::is_hidden`]) are dropped (a
    /// prompt is one line, and written to the terminal as it is). True when the
    /// paste was cut to fit [`MAX_PROMPT_CHARS`].
    pub fn paste(&mut self, text: &str) -> bool {
        let room = MAX_PROMPT_CHARS.saturating_sub(self.input.value().chars().count());
        let clean = text
            .chars()
            .filter_map(|c| match c {
                '\n' | '\r' | '\t' => Some(' '),
                c if crate::sanitize::is_hidden(c) => None,
                c => Some(c),
            })
            .collect::<String>();
        let inserted: String = clean.chars().take(room).collect();
        let cursor = self.input.cursor();
        let mut value: String = self.input.value().chars().take(cursor).collect();
        value.push_str(&inserted);
        value.extend(self.input.value().chars().skip(cursor));
        let at = cursor + inserted.chars().count();
        self.input = Input::new(value).with_cursor(at);
        inserted.chars().count() < clean.chars().count()
    }

    /// What an action does to the prompt: an edit, the end of the input, or an action
    /// for the caller (`Other`).
    pub fn update(&mut self, action: Action) -> PromptOutcome {
        match action {
            Action::Type(_) if self.input.value().chars().count() >= MAX_PROMPT_CHARS => {
                PromptOutcome::Full
            }
            // A hidden character typed (a zero-width joiner, a bidi override) is dropped
            // as a pasted one is.
            Action::Type(c) if crate::sanitize::is_hidden(c) => PromptOutcome::Stay,
            Action::Type(c) => {
                self.input.handle(InputRequest::InsertChar(c));
                PromptOutcome::Edited
            }
            Action::Edit(edit) => {
                self.input.handle(request(edit));
                PromptOutcome::Edited
            }
            Action::PromptSubmit => PromptOutcome::Submit,
            Action::PromptCancel => PromptOutcome::Cancel,
            Action::Older
            | Action::Newer
            | Action::SendValue
            | Action::GoPercent
            | Action::GoLine => PromptOutcome::Other(action),
            _ => PromptOutcome::Stay,
        }
    }
}

/// The `tui_input` request of an edit.
fn request(edit: Edit) -> InputRequest {
    match edit {
        Edit::Start => InputRequest::GoToStart,
        Edit::End => InputRequest::GoToEnd,
        Edit::CharBack => InputRequest::GoToPrevChar,
        Edit::CharForward => InputRequest::GoToNextChar,
        Edit::WordBack => InputRequest::GoToPrevWord,
        Edit::WordForward => InputRequest::GoToNextWord,
        Edit::DeleteToStart => InputRequest::DeleteFromStart,
        Edit::DeleteWordBack => InputRequest::DeletePrevWord,
        Edit::DeleteToEnd => InputRequest::DeleteTillEnd,
        Edit::DeleteBack => InputRequest::DeletePrevChar,
        Edit::DeleteForward => InputRequest::DeleteNextChar,
    }
}

/// When the open prompt's preview is evaluated. Each keystroke would evaluate the whole
/// line again (a 990-character paste typed out by the terminal cost 12 s); while a batch
/// of input is applied the preview waits, and is evaluated once when the batch is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Previews {
    /// Evaluated on every edit (outside the event loop: tests, a single key).
    Live,
    /// Held during a batch; nothing changed yet.
    Held,
    /// Held, and an edit changed the input.
    Stale,
}

impl App {
    /// Holds the preview while a batch of input is applied.
    pub fn hold_previews(&mut self) {
        self.previews = Previews::Held;
    }

    /// Ends the batch: the preview is evaluated once if the input changed.
    pub fn release_previews(&mut self) {
        let stale = self.previews == Previews::Stale;
        self.previews = Previews::Live;
        if stale {
            self.update_preview();
        }
    }

    /// `n` in the ask panel: the note line, written over `panel`.
    pub(super) fn open_note_line(&mut self, panel: AskView) {
        let kind = PromptKind::Note(Box::new(panel));
        self.mode = Mode::Prompt(Prompt::new(kind, ""));
    }

    /// The scratchpad line holding a claim's expression, to change numbers in.
    pub(super) fn open_claim(&mut self, expr: &str) {
        self.mode = Mode::Prompt(Prompt::new(PromptKind::Scratchpad, expr));
        self.preview = self.scratch.preview(expr);
    }

    /// Carries out what the open prompt's key asked for.
    pub(super) fn after_prompt(&mut self, outcome: PromptOutcome) {
        match outcome {
            PromptOutcome::Stay => {}
            PromptOutcome::Edited => self.update_preview(),
            PromptOutcome::Full => self.notify(format!(
                "the line is full ({MAX_PROMPT_CHARS} characters): that one was not typed"
            )),
            PromptOutcome::Other(Action::GoPercent | Action::GoLine) => {
                if let PromptOutcome::Other(action) = outcome {
                    self.go_count(action);
                }
            }
            PromptOutcome::Other(action) => self.prompt_key(action),
            PromptOutcome::Submit => {
                let Mode::Prompt(prompt) = std::mem::replace(&mut self.mode, Mode::Reading) else {
                    return;
                };
                self.preview = None;
                self.answers = None;
                match prompt.kind {
                    PromptKind::Search => self.run_search(prompt.text().trim()),
                    PromptKind::Scratchpad if self.scratch.is_quit(prompt.text()) => {
                        self.quit = true;
                        self.learner.want_save(crate::progress::SaveNeed::Now);
                    }
                    PromptKind::Scratchpad => {
                        self.scratch.run(prompt.text());
                        self.mode = Mode::Prompt(Prompt::new(PromptKind::Scratchpad, ""));
                    }
                    PromptKind::Answer(p) => self.submit_answer(p, prompt),
                    PromptKind::Note(view) => self.save_note(*view, prompt.input.value()),
                    PromptKind::GoTo => self.go_to(prompt.text()),
                    PromptKind::Explain => self.explain(prompt.text()),
                }
            }
            PromptOutcome::Cancel => {
                self.answers = None;
                self.searches.stop();
                self.scratch.history.stop();
                // The note line gives back the ask panel it was written over.
                if let Mode::Prompt(Prompt {
                    kind: PromptKind::Note(view),
                    ..
                }) = std::mem::replace(&mut self.mode, Mode::Reading)
                {
                    self.mode = Mode::Ask(*view);
                }
                self.preview = None;
            }
        }
    }

    /// A key the prompt does not edit with: Up/Down walk the line's history (the
    /// scratchpad's, the searches, this problem's answers from the record), and in the
    /// scratchpad Tab sends the last value to the current problem.
    fn prompt_key(&mut self, action: Action) {
        let Mode::Prompt(prompt) = &self.mode else {
            return;
        };
        // A note and a go-to line have no history and no Tab.
        if matches!(
            prompt.kind,
            PromptKind::Note(_) | PromptKind::GoTo | PromptKind::Explain
        ) {
            return;
        }
        let (kind, current) = (prompt.kind.clone(), prompt.text().to_string());
        let step = match action {
            Action::Older => Some(-1),
            Action::Newer => Some(1),
            _ => None,
        };
        if let Some(delta) = step {
            let line = match kind {
                PromptKind::Answer(p) => self.answer_history(p).step(delta, &current),
                PromptKind::Search => self.searches.step(delta, &current),
                PromptKind::Scratchpad => self.scratch.history.step(delta, &current),
                PromptKind::Note(_) | PromptKind::GoTo | PromptKind::Explain => return,
            };
            match (line, &mut self.mode) {
                (Some(line), Mode::Prompt(prompt)) => {
                    *prompt = Prompt::new(kind, &line);
                    self.update_preview();
                }
                _ if matches!(kind, PromptKind::Answer(_))
                    && self
                        .answers
                        .as_ref()
                        .is_some_and(|(_, h)| h.lines().is_empty()) =>
                {
                    self.notify("no answer to this problem yet");
                }
                _ => {}
            }
            return;
        }
        if !matches!(kind, PromptKind::Scratchpad) {
            return;
        }
        if action == Action::SendValue {
            match (self.scratch.last.as_ref(), self.current_problem()) {
                (Some(value), Some(p)) => {
                    let text = value.to_string().replace('\n', "");
                    self.open_answer(p, &text);
                }
                (None, _) => self.notify("no value yet to send"),
                (_, None) => self.notify("no problem here to answer"),
            }
        }
    }

    /// The answers given to `p`, oldest first, as the record keeps them: the history
    /// Up/Down walk while its prompt is open.
    fn answer_history(&mut self, p: ProblemRef) -> &mut History {
        if !matches!(&self.answers, Some((q, _)) if *q == p) {
            let record = self.problem_record(p);
            let given = record.attempts.iter().map(|a| a.input.clone()).collect();
            self.answers = Some((p, History::from_lines(given)));
        }
        let (_, history) = self.answers.get_or_insert_with(|| (p, History::default()));
        history
    }

    /// What the status bar shows before the open prompt's input: for the go-to line,
    /// what its number means as typed.
    pub fn prompt_lead(&self) -> Option<String> {
        match &self.mode {
            Mode::Prompt(p) if p.kind == PromptKind::GoTo => Some(self.go_to_lead(p.text())),
            Mode::Prompt(p) => Some(p.kind.lead()),
            _ => None,
        }
    }

    /// A paste (bracketed paste) into the open prompt, as one edit. Elsewhere it is
    /// dropped with a word, so that pasted text never runs as reader commands.
    pub fn paste(&mut self, text: &str) {
        let Mode::Prompt(prompt) = &mut self.mode else {
            return self.notify("pasted text goes into a prompt: open one first (/ : n)");
        };
        let cut = prompt.paste(text);
        self.update_preview();
        if cut {
            self.notify(format!("pasted text cut at {MAX_PROMPT_CHARS} characters"));
        }
    }
}

/// What a key did to a prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptOutcome {
    /// Nothing changed.
    Stay,
    /// The input changed: its preview is due.
    Edited,
    /// Enter: the input is done.
    Submit,
    /// Esc: the input is dropped.
    Cancel,
    /// A character typed into a line already [`MAX_PROMPT_CHARS`] long: not typed.
    Full,
    /// An action that is not an edit (the history keys, the scratchpad's Tab).
    Other(Action),
}

/// What a prompt's text is for.
#[derive(Debug, Clone, PartialEq)]
pub enum PromptKind {
    Search,
    /// `:`: an evaluator expression, run in the session's environment.
    Scratchpad,
    /// The answer to a problem.
    Answer(ProblemRef),
    /// A note or question on the sentence of the ask panel it is written over. The line
    /// carries the panel, which stays drawn with its sentence selected (see
    /// [`App::ask`], [`App::selected_sentence`]) and comes back when the line closes:
    /// the panel's state has one owner at a time, and no copy of it waits on `App`.
    Note(Box<AskView>),
    /// A digit: lesson `N` or problem `N.M` to go to.
    GoTo,
    /// `E`: an equation from a paper, for the lens.
    Explain,
}

impl PromptKind {
    /// What is shown before the input.
    pub fn lead(&self) -> String {
        match self {
            PromptKind::Search => "/".to_string(),
            PromptKind::Scratchpad => ":".to_string(),
            PromptKind::Answer(p) => format!("answer {}: ", p.label()),
            PromptKind::Note(_) => "note: ".to_string(),
            PromptKind::GoTo => "go to lesson N or problem N.M: ".to_string(),
            PromptKind::Explain => "explain (paste LaTeX): ".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;

    /// A key as the keymap gives it to the open line; true when it edited the line.
    fn press(p: &mut Prompt, code: KeyCode, mods: KeyModifiers) -> bool {
        let mode = Mode::Prompt(p.clone());
        let action = super::super::keymap::action_for(&mode, KeyEvent::new(code, mods));
        action.is_some_and(|a| p.update(a) == PromptOutcome::Edited)
    }

    #[test]
    fn the_cursor_moves_and_text_is_inserted_where_it_stands() {
        let mut p = Prompt::new(PromptKind::Search, "sfmax");
        press(&mut p, KeyCode::Home, KeyModifiers::NONE);
        press(&mut p, KeyCode::Right, KeyModifiers::NONE);
        press(&mut p, KeyCode::Char('o'), KeyModifiers::NONE);
        press(&mut p, KeyCode::Char('f'), KeyModifiers::NONE);
        press(&mut p, KeyCode::Char('t'), KeyModifiers::NONE);
        // The cursor stands before the old "f": Delete removes it.
        press(&mut p, KeyCode::Delete, KeyModifiers::NONE);
        assert_eq!(p.text(), "softmax");
        assert_eq!(p.input.cursor(), 4);
    }

    #[test]
    fn up_down_and_ctrl_keys_other_than_edits_are_left_to_the_caller() {
        let mut p = Prompt::new(PromptKind::Scratchpad, "x");
        assert!(!press(&mut p, KeyCode::Up, KeyModifiers::NONE));
        assert!(!press(&mut p, KeyCode::Tab, KeyModifiers::NONE));
        assert!(!press(&mut p, KeyCode::Char('x'), KeyModifiers::CONTROL));
        assert_eq!(p.text(), "x", "an unbound Ctrl key types nothing");
        assert!(press(&mut p, KeyCode::Char('w'), KeyModifiers::CONTROL));
        assert_eq!(p.text(), "");
    }

    #[test]
    fn word_moves_alt_and_ctrl_arrows_and_end_keys_edit_as_readline() {
        let mut p = Prompt::new(PromptKind::Search, "one two three");
        press(&mut p, KeyCode::Char('b'), KeyModifiers::ALT);
        assert_eq!(p.input.cursor(), 8, "Alt-b: to the start of the word");
        press(&mut p, KeyCode::Left, KeyModifiers::CONTROL);
        assert_eq!(p.input.cursor(), 4, "Ctrl-Left: a word back");
        press(&mut p, KeyCode::Right, KeyModifiers::CONTROL);
        press(&mut p, KeyCode::Char('f'), KeyModifiers::ALT);
        assert_eq!(p.input.cursor(), 13);
        press(&mut p, KeyCode::Home, KeyModifiers::NONE);
        press(&mut p, KeyCode::Delete, KeyModifiers::NONE);
        assert_eq!(p.text(), "ne two three");
        press(&mut p, KeyCode::End, KeyModifiers::NONE);
        press(&mut p, KeyCode::Char('w'), KeyModifiers::CONTROL);
        assert_eq!(p.text(), "ne two ");
    }

    #[test]
    fn a_paste_is_one_edit_at_the_cursor_on_one_line() {
        let mut p = Prompt::new(PromptKind::Scratchpad, "ab");
        press(&mut p, KeyCode::Left, KeyModifiers::NONE);
        assert!(!p.paste("x\ny\u{1b}[31m"));
        assert_eq!(p.text(), "ax y[31mb");
        assert_eq!(p.input.cursor(), 8, "after the pasted text");
    }

    #[test]
    fn a_long_paste_is_kept_whole_up_to_the_limit_and_says_when_cut() {
        let mut p = Prompt::new(PromptKind::Scratchpad, "");
        let long = "1+".repeat(1000) + "1";
        assert!(!p.paste(&long), "2001 characters fit");
        assert_eq!(p.text(), long);
        assert!(p.paste(&"9".repeat(MAX_PROMPT_CHARS)));
        assert_eq!(p.text().chars().count(), MAX_PROMPT_CHARS);
    }

    #[test]
    fn input_stops_growing_at_the_limit() {
        let mut p = Prompt::new(PromptKind::Scratchpad, &"1".repeat(MAX_PROMPT_CHARS));
        press(&mut p, KeyCode::Char('2'), KeyModifiers::NONE);
        assert_eq!(p.text().len(), MAX_PROMPT_CHARS);
    }

    #[test]
    fn a_prompt_never_holds_a_hidden_character() {
        let mut p = Prompt::new(PromptKind::Search, "a\u{2028}\u{85}b");
        assert_eq!(p.text(), "a\u{FFFD}\u{FFFD}b");
        for c in ['\u{200D}', '\u{202E}', '\u{E0041}', 'c'] {
            press(&mut p, KeyCode::Char(c), KeyModifiers::NONE);
        }
        p.paste("\u{200B}d\u{AD}");
        assert_eq!(p.text(), "a\u{FFFD}\u{FFFD}bcd");
    }
}
