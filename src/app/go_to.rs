//! The go-to line (a digit opens it): `N` a lesson, `N.M` a problem, `N.Ms` (or `§N.M`)
//! a section, and less's counts `N%` / `NG`. "2.2" in the text's "(§2.2)" is a section
//! while `2.2` here is problem 2.2, so the line's lead says, as it is typed, which one
//! the number means and how to ask for the other.

use super::{Action, App, Mode, Prompt, PromptKind};
use crate::problems::locate;

/// What the go-to line's text asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Target {
    /// A lesson, by index.
    Lesson(usize),
    /// Problem `number` (1-based) of a lesson, and the section it stands in ("2.1").
    Problem {
        lesson: usize,
        number: usize,
        section: String,
    },
    /// A section: its number, lesson and heading block.
    Section {
        number: String,
        lesson: usize,
        block: usize,
    },
}

impl App {
    /// What the go-to line's `text` means, or why it means nothing.
    fn target(&self, text: &str) -> Result<Target, String> {
        let text = text.trim();
        let lessons = self.course.lessons.len();
        let section = (text.strip_prefix('§'))
            .or_else(|| text.strip_suffix('§'))
            .or_else(|| text.strip_suffix('s'));
        if let Some(number) = section.map(str::trim) {
            return match self.course.section_place(number) {
                Some((lesson, block)) => Ok(Target::Section {
                    number: number.to_string(),
                    lesson,
                    block,
                }),
                None => Err(format!("go to: no section §{number}")),
            };
        }
        let (lesson, problem) = match text.split_once('.') {
            Some((l, p)) => (l, Some(p)),
            None => (text, None),
        };
        let lesson = match lesson.trim().parse::<usize>() {
            Ok(n) if (1..=lessons).contains(&n) => n - 1,
            _ => {
                return Err(format!(
                    "go to: no lesson {text}: the course has lessons 1 to {lessons}"
                ));
            }
        };
        let Some(problem) = problem else {
            return Ok(Target::Lesson(lesson));
        };
        let text_of = &self.course.lessons[lesson];
        let blocks: Vec<usize> = (locate::problems(text_of).iter())
            .map(|(b, _)| *b)
            .collect();
        match problem.trim().parse::<usize>() {
            Ok(n) if (1..=blocks.len()).contains(&n) => {
                let block = blocks[n - 1];
                let section = (text_of.sections().iter().rev())
                    .find(|s| s.block <= block)
                    .and_then(|s| s.title.split_whitespace().next().map(str::to_string))
                    .unwrap_or_default();
                Ok(Target::Problem {
                    lesson,
                    number: n,
                    section,
                })
            }
            _ => Err(format!(
                "go to: lesson {} has problems {}.1 to {}.{}",
                lesson + 1,
                lesson + 1,
                lesson + 1,
                blocks.len()
            )),
        }
    }

    /// The go-to line's lead for `text`: what Enter will do, and for a problem how to
    /// ask for the section of the same number. Short when the screen is narrow.
    pub(super) fn go_to_lead(&self, text: &str) -> String {
        let long = match self.target(text) {
            Ok(Target::Lesson(l)) => format!("go to lesson {}: ", l + 1),
            Ok(Target::Problem {
                lesson,
                number,
                section,
            }) => {
                let id = format!("{}.{number}", lesson + 1);
                let has_section = self.course.section_place(&id).is_some();
                let within = match section.is_empty() {
                    true => String::new(),
                    false => format!(" in {section}"),
                };
                match has_section {
                    true => format!("go to problem {id}{within} ({id}s: section {id}): "),
                    false => format!("go to problem {id}{within}: "),
                }
            }
            Ok(Target::Section { number, .. }) => format!("go to section {number}: "),
            Err(_) => "go to lesson N, problem N.M, section N.Ms, N%, NG: ".to_string(),
        };
        let room = usize::from(self.size.0).saturating_sub(text.chars().count() + 2);
        match long.chars().count() <= room {
            true => long,
            false => "go to: ".to_string(),
        }
    }

    /// Enter in the go-to line.
    pub(super) fn go_to(&mut self, text: &str) {
        match self.target(text) {
            Err(e) => self.notify(e),
            Ok(Target::Lesson(l)) => self.open_at_last_place(l),
            Ok(Target::Section { lesson, block, .. }) => {
                if lesson != self.lesson {
                    self.open_at_last_place(lesson);
                }
                let line = self.view.line_of_block(block);
                self.scroll_to(line);
            }
            Ok(Target::Problem { lesson, number, .. }) => {
                if lesson != self.lesson {
                    self.open_at_last_place(lesson);
                }
                let list = self.problem_refs();
                if let Some(p) = list.get(number - 1) {
                    self.select_problem(*p);
                }
            }
        }
    }

    /// `N%` / `Np` and `NG` / `Ng` in the go-to line: N percent into the open lesson, or
    /// its line N, as less takes a count before a command.
    pub(super) fn go_count(&mut self, action: Action) {
        let Mode::Prompt(prompt) = std::mem::replace(&mut self.mode, Mode::Reading) else {
            return;
        };
        let text = prompt.text().trim().to_string();
        let Ok(n) = text.parse::<usize>() else {
            self.mode = Mode::Prompt(Prompt::new(PromptKind::GoTo, &text));
            return self.notify("a count is digits: 50% or 120G");
        };
        let lines = self.view.lines.len();
        let line = match action {
            Action::GoPercent => lines * n.min(100) / 100,
            _ => n.saturating_sub(1),
        };
        self.scroll_to(line);
    }

    /// Ctrl-G: where the screen is, as less's `=` says it.
    pub(super) fn where_am_i(&mut self) {
        let lines = self.view.lines.len();
        let top = self.scroll + 1;
        let bottom = (self.scroll + self.text_height()).min(lines);
        let section =
            (self.current_section()).map_or("the opening".to_string(), |s| s.title.clone());
        let text = format!(
            "lesson {}, {section}: lines {top}-{bottom} of {lines}, {}%",
            self.lesson + 1,
            self.percent_here()
        );
        self.notify(text);
    }
}
